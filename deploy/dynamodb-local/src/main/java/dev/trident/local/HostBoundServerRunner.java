package dev.trident.local;

import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
import java.lang.reflect.Field;
import java.util.Arrays;
import org.eclipse.jetty.server.AbstractNetworkConnector;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;

/**
 * DynamoDB Local's {@code ServerRunner} listening on one address instead of all of them: ServerRunner has no option
 * for it and its Jetty server binds every interface, so a table of the local stack was open to the network. Runs in
 * the child JVM, on DynamoDB Local's classpath (never on a service's), before any socket is open:
 * {@code java -cp <server classpath> dev.trident.local.HostBoundServerRunner HOST <ServerRunner options>}.
 */
public final class HostBoundServerRunner {

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
    }

    /** The Jetty server inside, not yet started (DynamoDB Local 2.6.x keeps it in a private field). */
    private static Server jetty(DynamoDBProxyServer server) throws ReflectiveOperationException {
        Field field = DynamoDBProxyServer.class.getDeclaredField("server");
        field.setAccessible(true);
        return (Server) field.get(server);
    }
}
