package dev.trident.enrollment;

import dev.trident.testing.openapi.DocumentedAnswersContract;
import io.quarkus.test.junit.QuarkusTest;

/** The OpenAPI conventions hold on the served document and on every route it lists (the shared contract). */
@QuarkusTest
class EnrollmentDocumentedAnswersTest extends DocumentedAnswersContract {
}
