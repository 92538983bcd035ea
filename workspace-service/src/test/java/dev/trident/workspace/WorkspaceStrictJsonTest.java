package dev.trident.workspace;

import dev.trident.testing.StrictJsonContract;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import java.util.UUID;

/** POST /workspaces reads its body one way only (the shared contract). */
@QuarkusTest
class WorkspaceStrictJsonTest extends StrictJsonContract {

    private final String workspaceId = "strict-" + UUID.randomUUID().toString().substring(0, 12);

    @Override
    protected String method() {
        return "POST";
    }

    @Override
    protected String path() {
        return "/workspaces";
    }

    @Override
    protected String validBody() {
        return "{\"id\":\"" + workspaceId + "\",\"displayName\":\"Strict\",\"region\":\"eu-west-1\",\"seatLimit\":5}";
    }

    @Override
    protected String firstKey() {
        return "id";
    }

    @Override
    protected RequestSpecification caller() {
        return as("strict-owner");
    }

    @Override
    protected String readBack() {
        return "/workspaces/" + workspaceId;
    }
}
