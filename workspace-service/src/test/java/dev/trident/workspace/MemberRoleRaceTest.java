package dev.trident.workspace;

import static dev.trident.workspace.Api.PROBLEM_JSON;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.ItemKey;
import dev.trident.keys.TableDefinition;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.workspace.model.MemberRole;
import dev.trident.workspace.service.DemotedAfterDecision;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A manager demoted (or removed) between the service's decision on their role and the member change's write changes
 * nothing: their role is a condition of the change's own transaction. The demotion is written into the table right
 * after the decision's read ({@link DemotedAfterDecision}), so the race is certain, not timed.
 */
@QuarkusTest
@TestProfile(MemberRoleRaceTest.DemotionAfterDecision.class)
class MemberRoleRaceTest {

    public static class DemotionAfterDecision implements QuarkusTestProfile {
        @Override
        public Set<Class<?>> getEnabledAlternatives() {
            return Set.of(DemotedAfterDecision.class);
        }
    }

    @Inject
    DynamoDbAsyncClient dynamo;
    @Inject
    TableDefinition table;

    private Map<String, AttributeValue> stored(ItemKey key) {
        return dynamo.getItem(r -> r.tableName(table.tableName()).key(key.toAttributes()).consistentRead(true))
                .join().item();
    }

    private long count(String ws, String attribute) {
        return Long.parseLong(stored(WorkspaceKeys.workspace(ws)).get(attribute).n());
    }

    private String role(String ws, String userId) {
        return stored(WorkspaceKeys.member(ws, userId)).get("role").s();
    }

    @Test
    void anAdminDemotedAfterTheDecisionAddsNobody() {
        String ws = Api.createWorkspace("race-add", null);
        String ada = Api.createUser("Ada Admin");
        String bob = Api.createUser("Bob");
        MemberRoutesTest.putMember(Api.owner(), ws, ada, "admin").then().statusCode(201);

        DemotedAfterDecision.demoteAfterNextDecision(ws, ada, MemberRole.MEMBER);
        MemberRoutesTest.putMember(ada, ws, bob, "member").then().statusCode(403).contentType(PROBLEM_JSON)
                .body("status", equalTo(403));
        assertTrue(stored(WorkspaceKeys.member(ws, bob)).isEmpty(), "no edge for the new member");
        assertEquals(2, count(ws, "memberCount"), "no seat taken");
        assertEquals("member", role(ws, ada));
    }

    @Test
    void anAdminDemotedAfterTheDecisionRemovesNobodyAndARemovedOneGetsA404() {
        String ws = Api.createWorkspace("race-remove", null);
        String ada = Api.createUser("Ada Admin");
        String mia = Api.createUser("Mia Member");
        MemberRoutesTest.putMember(Api.owner(), ws, ada, "admin").then().statusCode(201);
        MemberRoutesTest.putMember(Api.owner(), ws, mia, "member").then().statusCode(201);

        DemotedAfterDecision.demoteAfterNextDecision(ws, ada, MemberRole.MEMBER);
        Api.as(ada).delete("/workspaces/" + ws + "/members/" + mia).then().statusCode(403)
                .contentType(PROBLEM_JSON);
        assertEquals("member", role(ws, mia), "the member is still there");
        assertEquals(3, count(ws, "memberCount"));

        // Removed altogether rather than demoted: the same 404 as for any non-member.
        MemberRoutesTest.putMember(Api.owner(), ws, ada, "admin").then().statusCode(200);
        DemotedAfterDecision.removeAfterNextDecision(ws, ada);
        Api.as(ada).delete("/workspaces/" + ws + "/members/" + mia).then().statusCode(404)
                .contentType(PROBLEM_JSON);
        assertEquals("member", role(ws, mia));
    }

    @Test
    void anOwnerDemotedToAdminGrantsNoOwnershipButStillManagesPlainMembers() {
        String ws = Api.createWorkspace("race-owner", null);
        String olga = Api.createUser("Olga Owner");
        String bob = Api.createUser("Bob");
        String cid = Api.createUser("Cid");
        MemberRoutesTest.putMember(Api.owner(), ws, olga, "owner").then().statusCode(201);
        MemberRoutesTest.putMember(Api.owner(), ws, bob, "member").then().statusCode(201);

        DemotedAfterDecision.demoteAfterNextDecision(ws, olga, MemberRole.ADMIN);
        MemberRoutesTest.putMember(olga, ws, bob, "owner").then().statusCode(403).contentType(PROBLEM_JSON);
        assertEquals("member", role(ws, bob), "granting the owner role needs an owner at the write too");
        assertEquals(2, count(ws, "ownerCount"), "the refused change moved no count");

        // The rule for a plain member needs only a manager: an owner demoted to admin meanwhile still may.
        MemberRoutesTest.putMember(Api.owner(), ws, olga, "owner").then().statusCode(200);
        DemotedAfterDecision.demoteAfterNextDecision(ws, olga, MemberRole.ADMIN);
        MemberRoutesTest.putMember(olga, ws, cid, "member").then().statusCode(201).body("role", equalTo("member"));
        assertEquals("member", role(ws, cid));
    }
}
