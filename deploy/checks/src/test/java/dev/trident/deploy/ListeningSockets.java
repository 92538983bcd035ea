package dev.trident.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The local addresses this machine listens on for a TCP port, from the kernel's tables (Linux). */
final class ListeningSockets {

    private static final String LISTEN = "0A";

    private ListeningSockets() {
    }

    /** Every listening address of {@code port}, e.g. "127.0.0.1", "0.0.0.0", "::", "::ffff:127.0.0.1". */
    static List<String> addresses(int port) {
        List<String> addresses = new ArrayList<>();
        collect(Path.of("/proc/net/tcp"), port, addresses);
        collect(Path.of("/proc/net/tcp6"), port, addresses);
        return addresses;
    }

    /** Whether an address from {@link #addresses(int)} is reachable from this machine only. */
    static boolean isLoopback(String address) {
        return address.startsWith("127.") || address.equals("::1") || address.startsWith("::ffff:127.");
    }

    private static void collect(Path table, int port, List<String> out) {
        if (!Files.isReadable(table)) {
            return;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(table);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (String line : lines.subList(1, lines.size())) {
            String[] fields = line.trim().split("\\s+");
            String[] local = fields[1].split(":");
            if (fields[3].equals(LISTEN) && Integer.parseInt(local[1], 16) == port) {
                out.add(address(local[0]));
            }
        }
    }

    /** The kernel's hex form: IPv4 as one little-endian word, IPv6 as four of them. */
    private static String address(String hex) {
        if (hex.length() == 8) {
            return ipv4(hex);
        }
        if (hex.startsWith("0000000000000000FFFF0000")) {
            return "::ffff:" + ipv4(hex.substring(24));
        }
        if (hex.equals("00000000000000000000000000000000")) {
            return "::";
        }
        if (hex.equals("00000000000000000000000001000000")) {
            return "::1";
        }
        return "ipv6:" + hex;
    }

    private static String ipv4(String hex) {
        long word = Long.parseLong(hex, 16);
        return (word & 0xff) + "." + ((word >> 8) & 0xff) + "." + ((word >> 16) & 0xff) + "." + ((word >> 24) & 0xff);
    }
}
