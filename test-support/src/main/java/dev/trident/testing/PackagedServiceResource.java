package dev.trident.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.HashMap;
import java.util.Map;

/**
 * For {@code @QuarkusIntegrationTest}: the packaged artifact (JVM jar or native runner) runs with
 * the production profile, so it gets here what production gets from its environment, pointed at
 * the test's DynamoDB Local and trusting the test tokens of {@link Tokens}.
 */
public class PackagedServiceResource implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        Map<String, String> config = new HashMap<>(Tokens.config());
        config.putAll(Map.of(
                "quarkus.dynamodb.endpoint-override", DynamoDbLocalResource.endpoint(),
                "quarkus.dynamodb.aws.region", "us-east-1",
                "quarkus.dynamodb.aws.credentials.type", "static",
                "quarkus.dynamodb.aws.credentials.static-provider.access-key-id", "local",
                "quarkus.dynamodb.aws.credentials.static-provider.secret-access-key", "local",
                "trident.table.bootstrap", "true",
                "trident.cursor.secrets", DynamoDbLocalResource.TEST_CURSOR_SECRETS));
        return config;
    }

    @Override
    public void stop() {
        // DynamoDB Local is shared with the other tests of the JVM and stopped when it exits.
    }
}
