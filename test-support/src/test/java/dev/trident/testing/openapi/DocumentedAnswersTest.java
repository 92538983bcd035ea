package dev.trident.testing.openapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

class DocumentedAnswersTest {

    /** An OpenAPI 3.1 document as the services' builds write it: shared answers and schemas by reference. */
    private static final String DOCUMENT = """
            {"openapi": "3.1.0",
             "paths": {
               "/courses/{courseId}": {"get": {"responses": {
                 "200": {"content": {"application/json": {"schema": {"oneOf": [
                   {"$ref": "#/components/schemas/Course"}, {"$ref": "#/components/schemas/CourseWithStudents"}]}}}},
                 "401": {"$ref": "#/components/responses/Unauthorized"},
                 "204": {"description": "nothing"}}}},
               "/courses": {"get": {"responses": {"200": {"content": {"application/json": {"schema": {
                 "type": "array", "items": {"$ref": "#/components/schemas/Course"}}}}}}}}},
             "components": {
               "responses": {"Unauthorized": {"content": {"application/problem+json": {"schema": {
                 "$ref": "#/components/schemas/Problem"}}}}},
               "schemas": {
                 "Course": {"type": "object", "required": ["courseId"], "properties": {
                   "courseId": {"type": "string"}, "capacity": {"type": ["integer", "null"]},
                   "workspaceId": {"type": "string"}}},
                 "CourseWithStudents": {"type": "object", "required": ["course"], "properties": {
                   "course": {"$ref": "#/components/schemas/Course"}}},
                 "Problem": {"type": "object", "required": ["status"], "properties": {
                   "status": {"type": "integer"}}}}}}
            """;

    private final DocumentedAnswers answers;

    DocumentedAnswersTest() throws Exception {
        answers = new DocumentedAnswers(new ObjectMapper().readTree(DOCUMENT));
    }

    @Test
    void anAnswerAsDocumentedPassesThroughReferencesAndNullableTypes() {
        assertNull(answers.check("GET", "/courses/c1", 200, "application/json;charset=UTF-8",
                "{\"courseId\": \"c1\", \"capacity\": null, \"workspaceId\": \"w\"}"));
        assertNull(answers.check("GET", "/courses/c1", 401, "application/problem+json", "{\"status\": 401}"));
        assertNull(answers.check("GET", "/courses", 200, "application/json", "[{\"courseId\": \"c1\"}]"));
        assertNull(answers.check("GET", "/courses/c1", 204, null, ""));
    }

    @Test
    void aNullWhereTheDocumentPromisesAValueIsAMismatchNamingTheField() {
        String mismatch = answers.check("GET", "/courses", 200, "application/json",
                "[{\"courseId\": \"c1\", \"workspaceId\": null}]");
        assertEquals("/*/workspaceId: null found, string expected", mismatch);
    }

    @Test
    void aBodyMatchingNoneOrSeveralBranchesOfAOneOfIsAMismatch() {
        assertTrue(answers.check("GET", "/courses/c1", 200, "application/json", "{\"title\": \"x\"}")
                .contains("one and only one schema"));
        assertTrue(answers.check("GET", "/courses/c1", 200, "application/json",
                "{\"courseId\": \"c1\", \"course\": {\"courseId\": \"c1\"}}").contains("one and only one schema"));
    }

    @Test
    void anUndocumentedStatusOrMediaTypeIsAMismatch() {
        assertEquals("status 414 is not documented", answers.check("GET", "/courses/c1", 414, null, ""));
        assertEquals("media type text/plain is not one of [application/problem+json]",
                answers.check("GET", "/courses/c1", 401, "text/plain", "no"));
        assertEquals("a body where the document describes none",
                answers.check("GET", "/courses/c1", 204, "application/json", "{}"));
    }

    @Test
    void aSuccessOnAPathThatIsNoRouteIsAMismatchButA404IsNot() {
        assertEquals("answered 200 on a path that is no route",
                answers.check("GET", "/courses/", 200, "application/json", "[]"));
        assertNull(answers.check("GET", "/courses/", 404, "application/problem+json", "{\"status\": 404}"));
        assertEquals(null, DocumentedAnswers.exactTemplate(List.of("/courses/{courseId}"), "/courses/"));
    }

    @Test
    void mismatchesAreReportedOncePerKindWithHowManyAnswersShowedThem() {
        String report = OpenApiCoverage.mismatches(java.util.Set.of("GET /courses/{courseId}"), List.of(
                new String[] {"ok", "GET /courses/a", "200", ""},
                new String[] {"mismatch", "GET /courses/a", "200", "/capacity: bad; /workspaceId: bad"},
                new String[] {"mismatch", "GET /courses/b", "200", "/workspaceId: bad"}));
        assertTrue(report.startsWith("2 of 3 answers do not match the OpenAPI document (2 kinds)"), report);
        assertTrue(report.contains("GET /courses/{courseId} 200: /workspaceId: bad  [2x, e.g. GET /courses/a]"),
                report);
    }
}
