package dev.trident.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** DynamoDB Local, started for real, is reachable from this machine only unless told otherwise. */
class DynamoDbLocalTest {

    @Test
    void itListensOnLoopbackOnlyByDefault() throws IOException {
        List<InetAddress> others = nonLoopbackAddresses();
        assumeFalse(others.isEmpty(), "this machine has no address but loopback to try");
        try (DynamoDbLocal local = DynamoDbLocal.start(0, null)) {
            assertEquals("http://127.0.0.1:" + local.port(), local.endpoint());
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", local.port()), 2_000);
            }
            for (InetAddress address : others) {
                assertThrows(ConnectException.class, () -> {
                    try (Socket socket = new Socket()) {
                        socket.connect(new InetSocketAddress(address, local.port()), 2_000);
                    }
                }, "reachable at " + address);
            }
        }
    }

    @Test
    void itListensWhereItIsTold() throws IOException {
        List<InetAddress> others = nonLoopbackAddresses();
        assumeFalse(others.isEmpty(), "this machine has no address but loopback to try");
        try (DynamoDbLocal local = DynamoDbLocal.start("0.0.0.0", 0, null)) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(others.get(0), local.port()), 2_000);
            }
        }
    }

    private static List<InetAddress> nonLoopbackAddresses() throws SocketException {
        return NetworkInterface.networkInterfaces()
                .filter(nic -> {
                    try {
                        return nic.isUp() && !nic.isLoopback();
                    } catch (SocketException e) {
                        return false;
                    }
                })
                .flatMap(NetworkInterface::inetAddresses)
                .filter(address -> address instanceof java.net.Inet4Address && !address.isLinkLocalAddress())
                .toList();
    }
}
