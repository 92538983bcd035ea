package dev.trident.local;

import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
import java.lang.reflect.Field;
import java.time.Duration;
import java.util.Arrays;
import org.eclipse.jetty.server.AbstractNetworkConnector;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;

/**
 * DynamoDB Local's {@code ServerRunner} listening on one address instead of all of them: ServerRunner has no option
 * for it and its Jetty server binds every interface, so a table of the local stack was open to the network. Runs in
 * the child JVM, on DynamoDB Local's classpath (never on a service's), before any socket is open:
 * {@code java -cp <server classpath> dev.trident.local.HostBoundServerRunner HOST <ServerRunner options>}.
 *
 * <p>It ends when the process that started it does, however that one ended: a launcher killed with SIGKILL (no
 * shutdown hook runs) must not leave a server behind holding the port and the data folder, or the launcher that
 * {@code deploy/run.sh} starts in its place could not start.
 */
public final class HostBoundServerRunner {

    private static final Duration PARENT_CHECK = Duration.ofMillis(200);

    private HostBoundServerRunner() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: HostBoundServerRunner HOST [ServerRunner options]");
            System.exit(2);
        }
        String host = args[0];
        DynamoDBProxyServer server = ServerRunner.createServerFromCommandLineArgs(Arrays.copyOfRange(args, 1, args.length));
        for (Connector connector : jetty(server).getConnectors()) {
            if (!(connector instanceof AbstractNetworkConnector network)) {
                throw new IllegalStateException("cannot bind " + connector + " to " + host);
            }
            network.setHost(host);
        }
        server.start();
        endWithTheParent();
    }

    /** Exits once the parent process is gone (this process then has another parent: init or a subreaper). */
    private static void endWithTheParent() {
        ProcessHandle self = ProcessHandle.current();
        long parent = self.parent().map(ProcessHandle::pid).orElse(-1L);
        Thread watch = new Thread(() -> {
            while (self.parent().map(ProcessHandle::pid).orElse(-1L) == parent) {
                try {
                    Thread.sleep(PARENT_CHECK.toMillis());
                } catch (InterruptedException e) {
                    return;
                }
            }
            System.err.println("the launcher of DynamoDB Local (pid " + parent + ") is gone; stopping");
            System.exit(1);
        }, "parent-watch");
        watch.setDaemon(true);
        watch.start();
    }

    /** The Jetty server inside, not yet started (DynamoDB Local 2.6.x keeps it in a private field). */
    private static Server jetty(DynamoDBProxyServer server) throws ReflectiveOperationException {
        Field field = DynamoDBProxyServer.class.getDeclaredField("server");
        field.setAccessible(true);
        return (Server) field.get(server);
    }
}
