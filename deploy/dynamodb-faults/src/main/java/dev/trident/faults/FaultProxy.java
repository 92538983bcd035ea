package dev.trident.faults;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

/**
 * An HTTP proxy in front of DynamoDB Local that forwards every call unchanged except for the faults it is told to
 * inject (see {@link FaultSettings}): lagging global secondary indexes, throttling, a table that says UPDATING, a
 * transaction answered "in progress" after it committed, an answer lost after the write committed. Test tooling only.
 *
 * <p>DynamoDB calls are {@code POST /}; the control API shares the port on other paths: {@code GET /faults} (settings
 * and counters), {@code PUT /faults} (replace the given settings), {@code POST /faults/reset} (no faults, the ledger
 * off and empty); {@code GET /ledger} the capacity units counted while the setting {@code ledger} is on
 * ({@link CapacityLedger}), {@code POST /ledger/reset} empties it. {@link FaultControl}
 * calls it over HTTP, so tests in any class loader reach the same proxy.
 */
public final class FaultProxy implements AutoCloseable {

    private static final String LOOPBACK = "127.0.0.1";
    private static final String TARGET_PREFIX = "DynamoDB_20120810.";
    private static final String ERROR_PREFIX = "com.amazonaws.dynamodb.v20120810#";
    private static final String JSON_TYPE = "application/x-amz-json-1.0";
    private static final int THREADS = 64;
    private static final String NO_DELAY = "sun.net.httpserver.nodelay";
    /** Long enough for a target the tests freeze on purpose; a dead one frees the thread in the end. */
    private static final Duration FORWARD_TIMEOUT = Duration.ofMinutes(5);
    /** Hop-by-hop headers, and those the JDK client sets itself or refuses; no gzip, so answers can be rewritten. */
    private static final Set<String> NOT_FORWARDED = Set.of("host", "content-length", "connection", "expect",
            "upgrade", "transfer-encoding", "keep-alive", "te", "trailer", "proxy-connection", "proxy-authorization",
            "date", "via", "from", "warning", "accept-encoding");
    private static final Set<String> NOT_RETURNED = Set.of("content-length", "transfer-encoding", "connection",
            "keep-alive", "date");
    /** What the proxy's own reads reuse from the call being served: DynamoDB Local names its database by access key. */
    private static final List<String> CREDENTIAL_HEADERS = List.of("Authorization", "X-Amz-Date",
            "X-Amz-Security-Token");
    private static final Set<String> WRITES = Set.of("PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem",
            "TransactWriteItems");
    private static final Set<String> TABLE_CHANGES = Set.of("CreateTable", "DeleteTable", "UpdateTable");
    private static final Pattern CREDENTIAL = Pattern.compile("Credential=([^/,\\s]*)/[^/]*/([^/]*)/");
    private static final String THROTTLED_TABLE = "Throughput exceeds the current capacity of your table or index."
            + " DynamoDB is automatically scaling your table or index so please try again shortly. If exceptions"
            + " persist, check if you have a hot key.";

    private final HttpServer server;
    private final ExecutorService threads;
    private final HttpClient client;
    private final URI target;
    private final URI endpoint;
    private final FaultSettings settings = new FaultSettings();
    private final IndexLag lag = new IndexLag(settings);
    private final CapacityLedger ledger = new CapacityLedger();
    private final ObjectMapper mapper = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    private FaultProxy(HttpServer server, ExecutorService threads, URI target) {
        this.server = server;
        this.threads = threads;
        this.target = target;
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        try {
            this.endpoint = new URI("http", null, LOOPBACK, server.getAddress().getPort(), null, null, null);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Listens on 127.0.0.1:{@code port} (0: a free port) and forwards to {@code target}, with no faults yet. */
    public static FaultProxy start(int port, URI target) {
        // The JDK server sends an answer's headers and body in two writes; with Nagle's algorithm on, the body then
        // waits for the client's delayed ACK, some 40 ms a call. Read once, when the JVM's first server starts.
        if (System.getProperty(NO_DELAY) == null) {
            System.setProperty(NO_DELAY, "true");
        }
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}),
                    port), 0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen on " + LOOPBACK + ":" + port, e);
        }
        AtomicInteger count = new AtomicInteger();
        ExecutorService threads = Executors.newFixedThreadPool(THREADS, task -> {
            Thread thread = new Thread(task, "fault-proxy-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        FaultProxy proxy = new FaultProxy(server, threads, target);
        server.createContext("/", proxy::handle);
        server.setExecutor(threads);
        server.start();
        return proxy;
    }

    public URI endpoint() {
        return endpoint;
    }

    /** A client of this proxy's control API. */
    public FaultControl control() {
        return FaultControl.of(endpoint);
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }

    private void handle(HttpExchange exchange) {
        try {
            String path = exchange.getRequestURI().getPath();
            if (path.equals("/")) {
                dynamo(exchange);
            } else if (path.equals("/faults") || path.equals("/faults/reset")) {
                control(exchange, path);
            } else if (path.equals("/ledger") || path.equals("/ledger/reset")) {
                ledgerControl(exchange, path);
            } else {
                reply(exchange, controlAnswer(404, message("no such path: " + path)));
            }
        } catch (IOException e) {
            // The client went away, or the answer was half sent: closing the exchange below drops the connection.
        } catch (RuntimeException e) {
            // A fault of the proxy itself: the client sees a dropped connection, the test's output says why.
            System.err.println("fault proxy: " + exchange.getRequestMethod() + " " + exchange.getRequestURI() + ": "
                    + e);
        } finally {
            exchange.close();
        }
    }

    // ---- DynamoDB calls ----

    private void dynamo(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        Headers headers = exchange.getRequestHeaders();
        String targetHeader = headers.getFirst("X-Amz-Target");
        String operation = targetHeader != null && targetHeader.startsWith(TARGET_PREFIX)
                ? targetHeader.substring(TARGET_PREFIX.length()) : String.valueOf(targetHeader);
        settings.count("calls");
        if (settings.takeThrottle(operation)) {
            reply(exchange, throttled(operation, body));
            return;
        }
        String database = database(headers.getFirst("Authorization"));
        IndexLag.Target own = (ownOperation, request) -> ownCall(ownOperation, request, headers);
        boolean lagging = settings.indexLagMillis() > 0;
        boolean counting = settings.ledger();
        boolean inspected = lagging && (WRITES.contains(operation) || operation.equals("Query"))
                || TABLE_CHANGES.contains(operation) || counting;
        ObjectNode request = inspected ? parse(body) : null;
        String pattern = headers.getFirst(CapacityLedger.PATTERN_HEADER);
        List<IndexLag.WrittenKey> counted = counting && WRITES.contains(operation)
                ? lag.writtenKeys(operation, request, database, own) : List.of();
        Map<String, ObjectNode> before = counted.isEmpty() ? null : IndexLag.readImages(counted, own);
        List<IndexLag.WrittenKey> written = lagging && WRITES.contains(operation)
                ? lag.beforeWrite(operation, request, database, own) : List.of();
        IndexLag.LaggedQuery query = lagging && operation.equals("Query") ? lag.plan(request, database, own) : null;

        Answer answer;
        try {
            answer = forward(headers, query == null ? body : mapper.writeValueAsBytes(query.forwarded()));
        } catch (IOException e) {
            return; // no answer, as from an unreachable DynamoDB
        }
        if (counting) {
            count(pattern == null ? CapacityLedger.UNNAMED : pattern, operation, request, database, own, answer,
                    counted, before);
        }
        if (answer.status() == 200) {
            lag.afterWrite(written, own);
            if (TABLE_CHANGES.contains(operation)) {
                lag.forgetTable(database, request.path("TableName").asText());
            }
        }
        String lost = settings.takeLostAnswer(operation);
        if (FaultSettings.MODE_RESET.equals(lost)) {
            return; // the write is done; the connection closes without a byte of answer
        }
        if (lost != null) {
            reply(exchange, error(500, "InternalServerError", "Internal server error", null));
            return;
        }
        if (answer.status() == 200 && settings.takeTransactionInProgress(operation)) {
            reply(exchange, error(400, "TransactionInProgressException",
                    "Transaction is ongoing for the idempotent request", null));
            return;
        }
        String tableStatus = settings.tableStatus();
        if (answer.status() == 200 && operation.equals("DescribeTable") && tableStatus != null) {
            ObjectNode described = parse(answer.body());
            if (described.get("Table") instanceof ObjectNode table) {
                table.put("TableStatus", tableStatus);
                settings.count("describeRewritten");
                answer = answer.withBody(mapper.writeValueAsBytes(described));
            }
        }
        if (answer.status() == 200 && query != null) {
            answer = answer.withBody(mapper.writeValueAsBytes(query.rewrite(parse(answer.body()))));
        }
        reply(exchange, answer);
    }

    /** Enters a forwarded call's capacity units in the ledger (see {@link CapacityLedger}). */
    private void count(String pattern, String operation, ObjectNode request, String database, IndexLag.Target own,
            Answer answer, List<IndexLag.WrittenKey> written, Map<String, ObjectNode> before) {
        ledger.call(pattern, operation);
        if (answer.status() != 200) {
            String type = parse(answer.body()).path("__type").asText("");
            if (type.endsWith("#ConditionalCheckFailedException")) {
                ledger.refused(pattern, written);
            } else if (type.endsWith("#TransactionCanceledException")) {
                ledger.cancelled(pattern, written);
            }
            return;
        }
        ObjectNode answered = parse(answer.body());
        ledger.reported(pattern, answered.get("ConsumedCapacity"));
        if (!written.isEmpty() && before != null) {
            Map<String, ObjectNode> after = IndexLag.readImages(written, own);
            if (after != null) {
                ledger.written(pattern, operation, written, before, after);
            }
        }
        switch (operation) {
            case "TransactWriteItems" -> {
                for (JsonNode[] check : CapacityLedger.conditionChecks(request)) {
                    IndexLag.TableShape shape = lag.shape(database, check[0].asText(), own);
                    if (shape != null) {
                        ledger.readItem(pattern, shape, null, check[1], true, true);
                    }
                }
            }
            case "GetItem" -> {
                IndexLag.TableShape shape = lag.shape(database, request.path("TableName").asText(), own);
                if (shape != null) {
                    ledger.readItem(pattern, shape, answered.get("Item"), request.get("Key"),
                            request.path("ConsistentRead").asBoolean(false), false);
                }
            }
            case "BatchGetItem" -> {
                for (Map.Entry<String, JsonNode> table : answered.path("Responses").properties()) {
                    IndexLag.TableShape shape = lag.shape(database, table.getKey(), own);
                    boolean consistent = request.path("RequestItems").path(table.getKey()).path("ConsistentRead")
                            .asBoolean(false);
                    for (JsonNode item : table.getValue()) {
                        if (shape != null) {
                            ledger.readItem(pattern, shape, item, null, consistent, false);
                        }
                    }
                }
            }
            case "TransactGetItems" -> {
                JsonNode gets = request.path("TransactItems");
                JsonNode responses = answered.path("Responses");
                for (int i = 0; i < gets.size(); i++) {
                    JsonNode get = gets.get(i).path("Get");
                    IndexLag.TableShape shape = lag.shape(database, get.path("TableName").asText(), own);
                    if (shape != null) {
                        ledger.readItem(pattern, shape, responses.path(i).get("Item"), get.get("Key"), true, true);
                    }
                }
            }
            case "Query" -> {
                IndexLag.TableShape shape = lag.shape(database, request.path("TableName").asText(), own);
                if (shape != null) {
                    ledger.query(pattern, shape, request, answered);
                }
            }
            default -> { }
        }
    }

    /** Real DynamoDB's answer to a throttled call; a transaction is cancelled with a ThrottlingError reason. */
    private Answer throttled(String operation, byte[] body) {
        if (!operation.equals("TransactWriteItems") && !operation.equals("TransactGetItems")) {
            return error(400, "ThrottlingException", "Rate of requests exceeds the allowed throughput.", null);
        }
        JsonNode actions = parse(body).path("TransactItems");
        int throttledAction = 0;
        for (int i = 0; i < actions.size(); i++) {
            if (actions.get(i).has("Put") || actions.get(i).has("Update")) {
                throttledAction = i;
                break;
            }
        }
        ObjectNode extra = mapper.createObjectNode();
        ArrayNode reasons = extra.putArray("CancellationReasons");
        List<String> codes = new ArrayList<>();
        for (int i = 0; i < Math.max(1, actions.size()); i++) {
            if (i == throttledAction) {
                reasons.addObject().put("Code", "ThrottlingError").put("Message", THROTTLED_TABLE);
                codes.add("ThrottlingError");
            } else {
                reasons.addObject().put("Code", "None");
                codes.add("None");
            }
        }
        return error(400, "TransactionCanceledException",
                "Transaction cancelled, please refer cancellation reasons for specific reasons " + codes, extra);
    }

    private Answer forward(Headers headers, byte[] body) throws IOException {
        HttpRequest.Builder request = HttpRequest.newBuilder(target.resolve("/")).timeout(FORWARD_TIMEOUT)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        headers.forEach((name, values) -> {
            if (!NOT_FORWARDED.contains(name.toLowerCase())) {
                values.forEach(value -> request.header(name, value));
            }
        });
        return send(request.build());
    }

    /** One of the proxy's own reads (GetItem, BatchGetItem, DescribeTable), with the caller's credentials. */
    private ObjectNode ownCall(String operation, ObjectNode body, Headers caller) throws IOException {
        HttpRequest.Builder request = HttpRequest.newBuilder(target.resolve("/")).timeout(FORWARD_TIMEOUT)
                .header("Content-Type", JSON_TYPE)
                .header("X-Amz-Target", TARGET_PREFIX + operation)
                .POST(HttpRequest.BodyPublishers.ofByteArray(mapper.writeValueAsBytes(body)));
        for (String name : CREDENTIAL_HEADERS) {
            String value = caller.getFirst(name);
            if (value != null) {
                request.header(name, value);
            }
        }
        Answer answer = send(request.build());
        if (answer.status() != 200) {
            throw new IOException(operation + " answered " + answer.status());
        }
        return parse(answer.body());
    }

    private Answer send(HttpRequest request) throws IOException {
        try {
            HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
            return new Answer(response.statusCode(), response.headers().map(), response.body(), false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    /** The access key and region of a SigV4 Authorization header: DynamoDB Local's database. */
    private static String database(String authorization) {
        Matcher credential = CREDENTIAL.matcher(authorization == null ? "" : authorization);
        return credential.find() ? credential.group(1) + "/" + credential.group(2) : "";
    }

    // ---- control API ----

    private void control(HttpExchange exchange, String path) throws IOException {
        String method = exchange.getRequestMethod();
        byte[] body = exchange.getRequestBody().readAllBytes();
        if (path.equals("/faults/reset") && method.equals("POST")) {
            settings.reset();
            lag.reset();
            ledger.reset();
        } else if (path.equals("/faults") && method.equals("PUT")) {
            try {
                settings.update(mapper.readTree(body));
            } catch (IOException | IllegalArgumentException e) {
                reply(exchange, controlAnswer(400, message(e.getMessage())));
                return;
            }
        } else if (!(path.equals("/faults") && method.equals("GET"))) {
            reply(exchange, controlAnswer(405, message(method + " " + path + " is not part of the control API")));
            return;
        }
        reply(exchange, controlAnswer(200, settings.toJson()));
    }

    private void ledgerControl(HttpExchange exchange, String path) throws IOException {
        String method = exchange.getRequestMethod();
        exchange.getRequestBody().readAllBytes();
        if (path.equals("/ledger/reset") && method.equals("POST")) {
            ledger.reset();
        } else if (!(path.equals("/ledger") && method.equals("GET"))) {
            reply(exchange, controlAnswer(405, message(method + " " + path + " is not part of the control API")));
            return;
        }
        reply(exchange, controlAnswer(200, ledger.toJson()));
    }

    private ObjectNode message(String text) {
        return mapper.createObjectNode().put("message", text);
    }

    private Answer controlAnswer(int status, ObjectNode body) throws IOException {
        return new Answer(status, Map.of("Content-Type", List.of("application/json")), mapper.writeValueAsBytes(body),
                false);
    }

    // ---- answers ----

    /** A DynamoDB error answer as the service words it. */
    private Answer error(int status, String type, String message, ObjectNode extra) {
        ObjectNode body = mapper.createObjectNode().put("__type", ERROR_PREFIX + type);
        if (extra != null) {
            body.setAll(extra);
        }
        // DynamoDB spells this one's message field with a capital, as its other answers do not.
        body.put(type.equals("TransactionCanceledException") ? "Message" : "message", message);
        try {
            return new Answer(status, Map.of("Content-Type", List.of(JSON_TYPE),
                    "x-amzn-RequestId", List.of(UUID.randomUUID().toString())), mapper.writeValueAsBytes(body), true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void reply(HttpExchange exchange, Answer answer) throws IOException {
        Headers out = exchange.getResponseHeaders();
        answer.headers().forEach((name, values) -> {
            if (!NOT_RETURNED.contains(name.toLowerCase()) && !name.equalsIgnoreCase("x-amz-crc32")) {
                out.put(name, values);
            }
        });
        // The SDK checks this checksum of the body, so a rewritten body needs its own.
        if (answer.rewritten()) {
            CRC32 checksum = new CRC32();
            checksum.update(answer.body());
            out.set("x-amz-crc32", Long.toString(checksum.getValue()));
        } else {
            answer.headers().forEach((name, values) -> {
                if (name.equalsIgnoreCase("x-amz-crc32")) {
                    out.put(name, values);
                }
            });
        }
        exchange.sendResponseHeaders(answer.status(), answer.body().length == 0 ? -1 : answer.body().length);
        try (OutputStream stream = exchange.getResponseBody()) {
            stream.write(answer.body());
        }
    }

    private ObjectNode parse(byte[] json) {
        try {
            JsonNode node = mapper.readTree(json);
            return node instanceof ObjectNode object ? object : mapper.createObjectNode();
        } catch (IOException e) {
            return mapper.createObjectNode();
        }
    }

    /** An answer to send back; {@code rewritten}: the body is the proxy's, and so is its checksum. */
    private record Answer(int status, Map<String, List<String>> headers, byte[] body, boolean rewritten) {
        Answer withBody(byte[] newBody) {
            return new Answer(status, headers, newBody, true);
        }
    }

    /**
     * {@code FaultProxy --port N --target URL [--index-lag-ms N] [--throttle-rate P] [--seed N]
     * [--ledger true]}: prints where it
     * listens once ready, then runs until killed.
     */
    public static void main(String[] args) throws InterruptedException {
        Integer port = null;
        URI target = null;
        ObjectNode initial = new ObjectMapper().createObjectNode();
        try {
            for (int i = 0; i < args.length; i++) {
                String value = i + 1 < args.length ? args[i + 1] : null;
                switch (args[i]) {
                    case "--port" -> port = Integer.parseInt(value);
                    case "--target" -> target = URI.create(value);
                    case "--index-lag-ms" -> initial.put("indexLagMillis", Long.parseLong(value));
                    case "--throttle-rate" -> initial.put("throttleRate", Double.parseDouble(value));
                    case "--seed" -> initial.put("seed", Long.parseLong(value));
                    case "--ledger" -> initial.put("ledger", Boolean.parseBoolean(value));
                    default -> throw new IllegalArgumentException("unknown option " + args[i]);
                }
                i++;
            }
            if (port == null || target == null) {
                throw new IllegalArgumentException("--port and --target are required");
            }
        } catch (RuntimeException e) {
            System.err.println(e.getMessage() + "\nusage: FaultProxy --port N --target URL [--index-lag-ms N]"
                    + " [--throttle-rate P] [--seed N] [--ledger true]");
            System.exit(2);
            return;
        }
        FaultProxy proxy = start(port, target);
        try {
            proxy.settings.update(initial);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            proxy.close();
            System.exit(2);
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            proxy.close();
            stopped.countDown();
        }, "fault-proxy-stop"));
        System.out.println("fault proxy listening on " + proxy.endpoint());
        stopped.await();
    }
}
