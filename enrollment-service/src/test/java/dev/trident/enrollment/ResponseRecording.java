package dev.trident.enrollment;

import dev.trident.testing.openapi.ObservedResponses;
import io.vertx.ext.web.Router;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

/** Records every answer of the service under test for {@link OpenApiCoverageTest}. */
@Singleton
public class ResponseRecording {

    void record(@Observes Router router) {
        ObservedResponses.recordEvery(router);
    }
}
