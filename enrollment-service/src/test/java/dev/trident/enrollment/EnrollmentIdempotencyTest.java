package dev.trident.enrollment;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.IdempotencyKeys;
import dev.trident.keys.TableDefinition;
import dev.trident.testing.IdempotencyContract;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The enroll PUT under an Idempotency-Key; the student enrolls themselves; another course is another request. */
@QuarkusTest
class EnrollmentIdempotencyTest extends IdempotencyContract {

    private static final String ROUTE = "PUT /students/{studentId}/courses/{courseId}";

    @Inject
    DynamoDbAsyncClient dynamo;

    @Inject
    TableDefinition table;

    @Override
    protected String method() {
        return "PUT";
    }

    @Override
    protected Route freshRoute() {
        String studentId = Api.newStudent("idem");
        String first = Api.newCourse("idem", null);
        String second = Api.newCourse("idem", null);
        return new Route() {
            @Override
            public String callerId() {
                return studentId;
            }

            @Override
            public String path(String variant) {
                return "/students/" + studentId + "/courses/" + ("one".equals(variant) ? first : second);
            }

            @Override
            public String body(String variant) {
                return null;
            }

            @Override
            public long itemsCreated() {
                return dynamo.query(r -> r.tableName(table.tableName()).consistentRead(true)
                        .keyConditionExpression("PK = :pk AND begins_with(SK, :prefix)")
                        .expressionAttributeValues(Map.of(
                                ":pk", AttributeValue.fromS(EnrollmentKeys.studentPartition(studentId)),
                                ":prefix", AttributeValue.fromS(EnrollmentKeys.enrollmentsPrefix()))))
                        .join().count();
            }

            @Override
            public Map<String, AttributeValue> recordKey(String idempotencyKey) {
                return IdempotencyKeys.record(studentId, ROUTE, idempotencyKey).toAttributes();
            }
        };
    }

    @Override
    protected DynamoDbAsyncClient dynamo() {
        return dynamo;
    }

    @Override
    protected String tableName() {
        return table.tableName();
    }
}
