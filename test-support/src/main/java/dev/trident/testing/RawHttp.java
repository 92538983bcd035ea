package dev.trident.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;

/**
 * HTTP/1.1 spoken byte by byte over a plain socket, for what an HTTP client library would never send: stalled
 * request lines, odd transfer codings, upgrade requests. Every socket connects to 127.0.0.1.
 */
public final class RawHttp {

    private RawHttp() {
    }

    /** One answer as it came off the wire, and whether the server closed the connection after it. */
    public record Answer(String head, String body, boolean closed) {

        /** The status code of the status line, or -1 when nothing came back. */
        public int status() {
            String[] statusLine = head.split("\r\n", 2)[0].split(" ");
            return statusLine.length > 1 && statusLine[0].startsWith("HTTP/") ? Integer.parseInt(statusLine[1]) : -1;
        }

        /** The first value of a header (case-insensitive name), or null. */
        public String header(String name) {
            for (String line : head.split("\r\n")) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase(name)) {
                    return line.substring(colon + 1).trim();
                }
            }
            return null;
        }
    }

    /**
     * Sends {@code request} as is and reads one answer: its head, then a body of its Content-Length (or up to the
     * end of the connection). Then waits up to {@code closeWithin} for the server to close the connection.
     */
    public static Answer exchange(int port, String request, Duration closeWithin) {
        try (Socket socket = connect(port)) {
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            socket.setSoTimeout(10_000);
            InputStream in = socket.getInputStream();
            String head = readHead(in);
            int length = contentLength(head);
            String body;
            if (head.matches("HTTP/\\S+ 1\\d\\d[\\s\\S]*")) {
                body = ""; // 1xx: no body, and what follows is another protocol or another answer
            } else if (length >= 0) {
                body = new String(in.readNBytes(length), StandardCharsets.UTF_8);
            } else {
                body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            return new Answer(head, body, closedWithin(socket, closeWithin));
        } catch (IOException e) {
            throw new UncheckedIOException("exchange with 127.0.0.1:" + port, e);
        }
    }

    /** A connection that sent {@code partial} (e.g. half a request line) and then nothing more. */
    public static Socket stall(int port, String partial) {
        try {
            Socket socket = connect(port);
            socket.getOutputStream().write(partial.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            return socket;
        } catch (IOException e) {
            throw new UncheckedIOException("stalled connection to 127.0.0.1:" + port, e);
        }
    }

    /**
     * Whether the server closed this connection (end of stream or a reset) within {@code within}; false when it is
     * still open then. Whatever the server sent before closing is ignored.
     */
    public static boolean closedWithin(Socket socket, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        try {
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[4096];
            while (true) {
                long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
                socket.setSoTimeout((int) Math.min(left, Integer.MAX_VALUE));
                try {
                    if (in.read(buffer) < 0) {
                        return true;
                    }
                } catch (SocketTimeoutException e) {
                    return false;
                }
                if (System.nanoTime() >= deadline) {
                    return false;
                }
            }
        } catch (IOException e) {
            return true; // reset by the server
        }
    }

    private static Socket connect(int port) throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
        return socket;
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        byte[] end = { '\r', '\n', '\r', '\n' };
        for (int b = in.read(); b >= 0; b = in.read()) {
            head.write(b);
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
            if (matched == end.length) {
                break;
            }
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    private static int contentLength(String head) {
        for (String line : head.split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                return Integer.parseInt(line.substring("content-length:".length()).trim());
            }
        }
        return -1;
    }
}
