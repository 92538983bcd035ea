package dev.trident.testing;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The HTTP server's connection meters on /q/metrics: {@code vertx_http_connections_current}, {@code _max} and
 * {@code _rejected_total} (the connection cap) and {@code http_server_active_connections}. Read on a connection of
 * its own, closed right after, so a test at the cap knows what it adds.
 */
public final class ConnectionMeters {

    public static final String CURRENT = "vertx_http_connections_current";
    public static final String MAX = "vertx_http_connections_max";
    public static final String REJECTED = "vertx_http_connections_rejected_total";
    public static final String ACTIVE = "http_server_active_connections";

    private static final Pattern METER = Pattern.compile(
            "^(vertx_http_connections_(?:current|max|rejected_total)|http_server_active_connections)(?:\\{[^}]*})? (\\S+)",
            Pattern.MULTILINE);

    private ConnectionMeters() {
    }

    /** Every connection meter by name (a meter absent from /q/metrics is absent here). */
    public static Map<String, Double> read(int port) {
        RawHttp.Answer metrics = RawHttp.exchange(port,
                "GET /q/metrics HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", Duration.ZERO);
        if (metrics.status() != 200) {
            throw new AssertionError("/q/metrics answered " + metrics.head());
        }
        Map<String, Double> meters = new TreeMap<>();
        Matcher m = METER.matcher(metrics.body());
        while (m.find()) {
            meters.merge(m.group(1), Double.parseDouble(m.group(2)), Double::sum);
        }
        return meters;
    }
}
