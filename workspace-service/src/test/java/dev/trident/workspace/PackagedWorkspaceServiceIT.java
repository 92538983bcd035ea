package dev.trident.workspace;

import dev.trident.testing.PackagedServiceContract;
import dev.trident.testing.PackagedServiceResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusIntegrationTest;

/** The packaged artifact (the JVM jar here, the native runner with -Dnative) against DynamoDB Local. */
@QuarkusIntegrationTest
@QuarkusTestResource(value = PackagedServiceResource.class, restrictToAnnotatedClass = true)
class PackagedWorkspaceServiceIT extends PackagedServiceContract {

    @Override
    protected String itemRoute() {
        return "/workspaces";
    }
}
