package dev.trident.migrations;

import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
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

    private final Map<String, String> options;

    private BackfillCommand(Map<String, String> options) {
        this.options = options;
    }

    /** The options given, over the defaults; null when help was asked for (and printed). */
    static BackfillCommand parse(String[] args, String defaultState) {
        Map<String, String> options = new HashMap<>(Map.of("--table", env("TRIDENT_TABLE_NAME", "trident"),
                "--segments", "4", "--page-size", "100", "--max-items", "0", "--state", defaultState));
        for (int i = 0; i < args.length; i++) {
            String name = args[i];
            if (name.equals("-h") || name.equals("--help")) {
                System.out.println("options: --table --endpoint --region --segments --page-size --max-items --state");
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
