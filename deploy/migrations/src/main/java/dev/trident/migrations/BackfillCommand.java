package dev.trident.migrations;

import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * The command line every backfill shares: {@code [--table NAME] [--endpoint URL] [--region REGION] [--segments N]
 * [--page-size N] [--max-items N] [--state FILE]}; AWS credentials from the default chain, or static dummy ones with
 * {@code --endpoint} (DynamoDB Local).
 */
final class BackfillCommand {

    /** A backfill, made for one run from the command's options. */
    interface Backfill {
        BackfillReport run(long maxItems) throws InterruptedException;

        /** What the backfill has to say besides its report; nothing by default. */
        default void printDetails(PrintStream out) {
        }
    }

    /** Makes the backfill on a client, for a table, with the Scan's segments and page size and its state file. */
    interface Maker {
        Backfill make(DynamoDbClient dynamo, String table, int segments, int pageSize, Path stateFile);
    }

    /** Makes a backfill that writes index keys spread over a shard count ({@code --shards}). */
    interface ShardedMaker {
        Backfill make(DynamoDbClient dynamo, String table, int segments, int pageSize, Path stateFile, int shards);
    }

    private final Map<String, String> options;

    private BackfillCommand(Map<String, String> options) {
        this.options = options;
    }

    /**
     * A backfill's {@code main}: parses {@code args}, runs the backfill {@code maker} makes, prints its summary in the
     * migration's words ({@link BackfillReport#print}) and how the run ended.
     */
    static void main(String[] args, String defaultState, Maker maker, String items, String done, String notDone)
            throws InterruptedException {
        main(args, defaultState, command -> maker, items, done, notDone);
    }

    /** As above, for a backfill that takes options of its own ({@link #intOption}). */
    static void main(String[] args, String defaultState, Function<BackfillCommand, Maker> makerOf, String items,
            String done, String notDone) throws InterruptedException {
        BackfillCommand command = parse(args, defaultState);
        if (command == null) {
            return;
        }
        Maker maker = makerOf.apply(command);
        try (DynamoDbClient dynamo = command.client()) {
            Backfill backfill = maker.make(dynamo, command.table(), command.segments(), command.pageSize(),
                    Path.of(command.state()));
            BackfillReport report = backfill.run(command.maxItems());
            report.print(System.out, items, done, notDone);
            backfill.printDetails(System.out);
            System.out.println(command.outcome(report.finished()));
        }
    }

    /**
     * A {@code main} of a backfill that re-keys an index spread over write shards: as above, with
     * {@code --shards N} (1..16, default {@code defaultShards}), the count the service that reads the index runs with.
     */
    static void main(String[] args, String defaultState, int defaultShards, ShardedMaker maker, String items,
            String done, String notDone) throws InterruptedException {
        BackfillCommand command = parse(args, defaultState);
        if (command == null) {
            return;
        }
        int shards = Integer.parseInt(command.options.getOrDefault("--shards", Integer.toString(defaultShards)));
        main(args, defaultState, (dynamo, table, segments, pageSize, stateFile) -> maker.make(dynamo, table,
                segments, pageSize, stateFile, shards), items, done, notDone);
    }

    /** The options given, over the defaults; null when help was asked for (and printed). */
    static BackfillCommand parse(String[] args, String defaultState) {
        Map<String, String> options = new HashMap<>(Map.of("--table", env("TRIDENT_TABLE_NAME", "trident"),
                "--segments", "4", "--page-size", "100", "--max-items", "0", "--state", defaultState));
        for (int i = 0; i < args.length; i++) {
            String name = args[i];
            if (name.equals("-h") || name.equals("--help")) {
                System.out.println("options: --table --endpoint --region --segments --page-size --max-items --state"
                        + " [--shards, for a backfill of a sharded index]");
                return null;
            }
            if (!name.startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("unknown or incomplete option " + name + " (try --help)");
            }
            options.put(name, args[++i]);
        }
        return new BackfillCommand(options);
    }

    String table() {
        return options.get("--table");
    }

    int segments() {
        return Integer.parseInt(options.get("--segments"));
    }

    int pageSize() {
        return Integer.parseInt(options.get("--page-size"));
    }

    long maxItems() {
        return Long.parseLong(options.get("--max-items"));
    }

    String state() {
        return options.get("--state");
    }

    /** A whole-number option of one backfill, {@code fallback} when not given. */
    int intOption(String name, int fallback) {
        String value = options.get(name);
        return value == null ? fallback : Integer.parseInt(value);
    }

    /** A synchronous client for the region (or the endpoint) given. */
    DynamoDbClient client() {
        DynamoDbClientBuilder builder = DynamoDbClient.builder()
                .httpClientBuilder(ApacheHttpClient.builder().connectionTimeout(Duration.ofSeconds(5)));
        builder.region(Region.of(options.getOrDefault("--region", env("AWS_REGION", "us-east-1"))));
        String endpoint = options.get("--endpoint");
        if (endpoint != null) {
            builder.endpointOverride(URI.create(endpoint))
                    .credentialsProvider(
                            StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")));
        }
        return builder.build();
    }

    /** The last line of a run: finished, or where to resume from. */
    String outcome(boolean finished) {
        return finished ? "finished (state: " + state() + ")"
                : "stopped before the end; run again with the same --state to resume";
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
