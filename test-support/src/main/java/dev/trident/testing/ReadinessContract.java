package dev.trident.testing;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import java.net.URI;
import java.util.concurrent.CompletionException;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** What every service's readiness endpoint must answer; each service runs these under its own profiles. */
public final class ReadinessContract {

    private ReadinessContract() {
    }

    public static void assertReady() {
        given().when().get("/q/health/ready")
                .then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItem("dynamodb-table"));
    }

    public static void assertNotReady(String reasonFragment) {
        given().when().get("/q/health/ready")
                .then().statusCode(503)
                .body("status", equalTo("DOWN"))
                .body("checks.find { it.name == 'dynamodb-table' }.data.reason", containsString(reasonFragment));
    }

    public static void assertAlive() {
        given().when().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
    }

    /** Creates {@link TableProfiles#WRONG_TABLE}: same name space, but only a hash key and no indexes. */
    public static void createWrongTable() {
        try (DynamoDbAsyncClient client = DynamoDbAsyncClient.builder()
                .endpointOverride(URI.create(DynamoDbLocalResource.endpoint()))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .build()) {
            client.createTable(r -> r.tableName(TableProfiles.WRONG_TABLE)
                    .billingMode(BillingMode.PAY_PER_REQUEST)
                    .attributeDefinitions(AttributeDefinition.builder().attributeName("PK").attributeType(ScalarAttributeType.S).build())
                    .keySchema(KeySchemaElement.builder().attributeName("PK").keyType(KeyType.HASH).build())).join();
        } catch (CompletionException e) {
            if (!(e.getCause() instanceof ResourceInUseException)) {
                throw e; // ResourceInUse: an earlier test class in this JVM created it
            }
        }
    }
}
