package dev.trident.enrollment;

import static dev.trident.enrollment.Api.asStaff;

import dev.trident.testing.FrozenTableContract;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;

/** With DynamoDB frozen, courses and rosters are read and written as 503s within the bound (the shared contract). */
@QuarkusTest
class EnrollmentFrozenTableTest extends FrozenTableContract {

    private String courseId;

    @Override
    protected void prepare() {
        courseId = Api.newCourse("frozen", 30);
    }

    @Override
    protected List<Route> reads() {
        return List.of(
                new Route("GET /courses/{id}", () -> asStaff().get("/courses/{id}", courseId)),
                new Route("GET /courses/{id}/students", () -> asStaff().get("/courses/{id}/students", courseId)));
    }

    @Override
    protected List<Route> writes() {
        // A course without a workspaceId: nothing but DynamoDB behind it.
        return List.of(new Route("PUT /courses/{id}", () -> Api.putCourse(Api.uniqueId("frozen"),
                Api.course("Frozen", 5, "2026-fall", 20))));
    }
}
