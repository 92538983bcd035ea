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
 * The command line every backfill shares: {@code --table --endpoint --region --segments --page-size --max-items
 * --state}, and the DynamoDB client they name (the default credential chain, or static dummy credentials with
 * {@code --endpoint}, DynamoDB Local).
 */
final class MigrationCommand {

    private final Map<String, String> options;

    private MigrationCommand(Map<String, String> options) {
        this.options = options;
    }

    /** The options given, on top of the defaults; null when help was asked for (and printed). */
    static MigrationCommand parse(String[] args, String defaultState) {
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
        return new MigrationCommand(options);
    }

    String get(String name) {
        return options.get(name);
    }

    int integer(String name) {
        return Integer.parseInt(options.get(name));
    }

    long number(String name) {
        return Long.parseLong(options.get(name));
    }

    DynamoDbClient client() {
        DynamoDbClientBuilder builder = DynamoDbClient.builder()
                .httpClientBuilder(ApacheHttpClient.builder().connectionTimeout(Duration.ofSeconds(5)));
        builder.region(Region.of(options.getOrDefault("--region", env("AWS_REGION", "us-east-1"))));
        String endpoint = options.get("--endpoint");
        if (endpoint != null) {
            builder.endpointOverride(URI.create(endpoint))
                    .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")));
        }
        return builder.build();
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
