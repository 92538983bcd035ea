package dev.trident.workspace;

import dev.trident.testing.FrozenTableContract;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.List;
import java.util.Map;

/**
 * With DynamoDB frozen, a workspace and its projects are read and its settings written as 503s within the bound (the
 * shared contract). The routes are ones with nothing but DynamoDB behind them: the social-service these tests run
 * shares the frozen DynamoDB Local, and its client's per-attempt timeout is raised in %test.
 */
@QuarkusTest
class WorkspaceFrozenTableTest extends FrozenTableContract {

    private String workspaceId;

    @Override
    protected void prepare() {
        workspaceId = Api.createWorkspace("frozen", null);
    }

    @Override
    protected List<Route> reads() {
        return List.of(
                new Route("GET /workspaces/{id}", () -> Api.given().get("/workspaces/{id}", workspaceId)),
                new Route("GET /workspaces/{id}/projects",
                        () -> Api.given().get("/workspaces/{id}/projects", workspaceId)));
    }

    @Override
    protected List<Route> writes() {
        return List.of(new Route("PATCH /workspaces/{id}", () -> Api.given().contentType(ContentType.JSON)
                .body(Map.of("seatLimit", 30)).patch("/workspaces/{id}", workspaceId)));
    }
}
