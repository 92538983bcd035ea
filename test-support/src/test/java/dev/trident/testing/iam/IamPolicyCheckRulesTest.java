package dev.trident.testing.iam;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.restassured.path.json.JsonPath;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.Update;

class IamPolicyCheckRulesTest {

    private static final String TABLE = IamPolicyCheck.TABLE_ARN;

    @Test
    void aTransactionNeedsTheActionOfEachItemItContains() {
        var request = TransactWriteItemsRequest.builder().transactItems(
                TransactWriteItem.builder().put(Put.builder().tableName("t").build()).build(),
                TransactWriteItem.builder().update(Update.builder().tableName("t").build()).build(),
                TransactWriteItem.builder().conditionCheck(ConditionCheck.builder().tableName("t").build()).build())
                .build();
        assertEquals(List.of("dynamodb:PutItem table", "dynamodb:UpdateItem table", "dynamodb:ConditionCheckItem table"),
                DynamoDbActions.actions(request).stream().map(a -> a[0] + " " + a[1]).toList());
    }

    @Test
    void aQueryOnAnIndexNeedsTheIndex() {
        assertEquals("index/GSI1", DynamoDbActions.actions(QueryRequest.builder().indexName("GSI1").build()).get(0)[1]);
        assertEquals("table", DynamoDbActions.actions(QueryRequest.builder().build()).get(0)[1]);
    }

    @Test
    void thePolicyGrantsEachActionOnEachResourceOfItsStatement() {
        String policy = """
                {"Version": "2012-10-17", "Statement": [
                  {"Effect": "Allow", "Action": ["dynamodb:GetItem", "dynamodb:Query"], "Resource": "%1$s"},
                  {"Effect": "Allow", "Action": "dynamodb:Query", "Resource": ["%1$s/index/GSI1"]}]}
                """.formatted(TABLE);
        assertEquals(Set.of("dynamodb:GetItem table", "dynamodb:Query table", "dynamodb:Query index/GSI1"),
                IamPolicyCheck.granted(JsonPath.from(policy)));
        String wildcard = """
                {"Statement": [{"Effect": "Allow", "Action": "dynamodb:Query", "Resource": "%s/index/*"}]}
                """.formatted(TABLE);
        assertThrows(AssertionError.class, () -> IamPolicyCheck.granted(JsonPath.from(wildcard)));
    }

    @Test
    void callsOfTestCodeAndOfTheDevTableBootstrapAreNotTheServicesNeeds(@TempDir Path testClasses) throws Exception {
        Files.createDirectories(testClasses.resolve("dev/trident/social"));
        Files.writeString(testClasses.resolve("dev/trident/social/PostApiTest.class"), "");
        Map<String, Set<String>> needed = IamPolicyCheck.needed(List.of(
                new String[] { "dev.trident.support.dynamo.DynamoTable", "dynamodb:GetItem", "table" },
                new String[] { "dev.trident.social.PostApiTest", "dynamodb:PutItem", "table" },
                new String[] { "dev.trident.testing.ReadinessContract", "dynamodb:CreateTable", "table" },
                new String[] { "dev.trident.support.table.TableBootstrap", "dynamodb:CreateTable", "table" }),
                testClasses);
        assertEquals(Map.of("dynamodb:GetItem table", Set.of("dev.trident.support.dynamo.DynamoTable")), needed);
    }
}
