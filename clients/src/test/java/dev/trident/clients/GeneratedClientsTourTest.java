package dev.trident.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.clients.enrollment.api.CoursesApi;
import dev.trident.clients.enrollment.api.EnrollmentsApi;
import dev.trident.clients.enrollment.api.StudentsApi;
import dev.trident.clients.enrollment.model.Course;
import dev.trident.clients.enrollment.model.Enrollment;
import dev.trident.clients.enrollment.model.PageCourse;
import dev.trident.clients.enrollment.model.PutCourseRequest;
import dev.trident.clients.enrollment.model.PutStudentRequest;
import dev.trident.clients.enrollment.model.Student;
import dev.trident.clients.social.api.PostsApi;
import dev.trident.clients.social.api.TimelineApi;
import dev.trident.clients.social.api.UsersApi;
import dev.trident.clients.social.model.Comment;
import dev.trident.clients.social.model.CreateCommentRequest;
import dev.trident.clients.social.model.CreatePostRequest;
import dev.trident.clients.social.model.CreateUserRequest;
import dev.trident.clients.social.model.PagePost;
import dev.trident.clients.social.model.Post;
import dev.trident.clients.social.model.Problem;
import dev.trident.clients.social.model.Profile;
import dev.trident.clients.social.model.UpdateCommentRequest;
import dev.trident.clients.workspace.api.MembersApi;
import dev.trident.clients.workspace.api.ProjectsApi;
import dev.trident.clients.workspace.api.WorkspacesApi;
import dev.trident.clients.workspace.model.CreateProjectRequest;
import dev.trident.clients.workspace.model.CreateWorkspaceRequest;
import dev.trident.clients.workspace.model.PageMemberResponse;
import dev.trident.clients.workspace.model.PageProjectResponse;
import dev.trident.clients.workspace.model.ProjectResponse;
import dev.trident.clients.workspace.model.PutMemberRequest;
import dev.trident.clients.workspace.model.WorkspaceResponse;
import dev.trident.testing.ServiceProcess;
import dev.trident.testing.Tokens;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * README's tour, sent by the Java clients generated from the three services' OpenAPI documents to the packaged
 * services on DynamoDB Local. Every answer is read into the generated types, so a field the document types wrongly, a
 * body that matches no branch (or several) of a documented {@code oneOf}, or an undocumented status fails here as it
 * would fail a client. The requests are README's, in its order: a request added to the tour fails this test until it
 * is sent here too.
 */
class GeneratedClientsTourTest {

    private static final Path README = Path.of("..", "README.md");
    private static final Pattern TOUR = Pattern.compile("(?ms)^```bash tour\\n(.*?)^```\\s*$");
    private static final Pattern CURL = Pattern.compile("curl -s (?:-X(\\w+) )?['\"]?localhost:\\d+(/[^'\" ?]*)");

    private static ServiceProcess social;
    private static ServiceProcess workspace;
    private static ServiceProcess enrollment;
    private static final List<String> SENT = new ArrayList<>();

    @BeforeAll
    static void startTheSuite() {
        social = ServiceProcess.start("social-service", Map.of());
        workspace = ServiceProcess.start("workspace-service", Map.of("SOCIAL_SERVICE_URL", social.url()));
        enrollment = ServiceProcess.start("enrollment-service", Map.of("SOCIAL_SERVICE_URL", social.url(),
                "WORKSPACE_SERVICE_URL", workspace.url()));
    }

    @AfterAll
    static void stopTheSuite() {
        for (ServiceProcess service : new ServiceProcess[] { enrollment, workspace, social }) {
            if (service != null) {
                service.close();
            }
        }
    }

    @Test
    void readmesTourRunsThroughTheGeneratedClientsAndEveryAnswerReadsIntoTheirTypes() throws Exception {
        String hedy = Tokens.user("hedy").bearer();
        String hedyAdmin = Tokens.user("hedy").roles("admin").bearer();
        String katherine = Tokens.user("katherine").bearer();
        String registrar = Tokens.user("registrar-1").roles("registrar").bearer();

        // social-service
        Profile created = new UsersApi(social(hedy)).userResourceCreate(
                new CreateUserRequest().handle("hedy").displayName("Hedy Lamarr"), null);
        assertEquals("hedy", created.getUserId());
        new UsersApi(social(katherine)).userResourceCreate(
                new CreateUserRequest().handle("katherine").displayName("Katherine Johnson"), null);
        Post post = new PostsApi(social(hedy)).postResourceCreate("hedy",
                new CreatePostRequest().body("Frequency hopping"), null);
        Comment comment = new PostsApi(social(katherine)).postResourceComment(post.getPostId(), "hedy",
                new CreateCommentRequest().body("Spread spectrum!"), null);
        Comment edited = new PostsApi(social(katherine)).postResourceEditComment(comment.getCommentId(),
                post.getPostId(), "hedy", new UpdateCommentRequest().body("Spread spectrum, 1942!"), null);
        assertEquals("Spread spectrum, 1942!", edited.getBody());
        var withPosts = new UsersApi(social(hedy)).userResourceGet("hedy", null, "posts", null);
        assertEquals("hedy", withPosts.getProfile().getUserId());
        assertNull(withPosts.getUserId(), "with include=posts only profile and posts");
        assertEquals(post.getPostId(), withPosts.getPosts().getItems().get(0).getPostId());
        PagePost timeline = new TimelineApi(social(hedy)).timelineResourceTimeline(null, "5");
        assertFalse(timeline.getItems().isEmpty());

        // enrollment-service
        Course course = new CoursesApi(enrollment(registrar)).courseResourcePut("rf201", new PutCourseRequest()
                .title("Radio Frequency Design").credits(6).term("2027-spring").capacity(20));
        assertNull(course.getWorkspaceId(), "no workspace: null, as the document says it may be");
        Student student = new StudentsApi(enrollment(hedy)).studentResourcePut("hedy",
                new PutStudentRequest().year(2).major("EE"));
        assertEquals("Hedy Lamarr", student.getName());
        Enrollment enrolled = new EnrollmentsApi(enrollment(hedy)).enrollmentResourceEnroll("rf201", "hedy", null);
        assertEquals("rf201", enrolled.getCourseId());
        var again = assertThrows(dev.trident.clients.enrollment.ApiException.class,
                () -> new EnrollmentsApi(enrollment(hedy)).enrollmentResourceEnroll("rf201", "hedy", null));
        assertEquals(409, again.getCode());
        var roster = new CoursesApi(enrollment(hedy)).courseResourceGet("rf201", null, "students", null);
        assertEquals("Radio Frequency Design", roster.getCourse().getTitle());
        assertEquals("hedy", roster.getStudents().getItems().get(0).getStudentId());
        PageCourse catalogue = new CoursesApi(enrollment(hedy)).courseResourceCatalogue(null, null, "2027-spring");
        assertEquals("rf201", catalogue.getItems().get(0).getCourseId());

        // workspace-service
        WorkspaceResponse signals = new WorkspacesApi(workspace(hedyAdmin)).workspaceResourceCreate(
                new CreateWorkspaceRequest().workspaceId("signals").displayName("Signals Lab").region("eu-west-1")
                        .seatLimit(10).shards(4), null);
        assertEquals("signals", signals.getWorkspaceId());
        ProjectResponse project = new ProjectsApi(workspace(hedy)).projectResourceCreate("signals",
                new CreateProjectRequest().title("Torpedo guidance").status("ACTIVE"),
                null);
        ProjectResponse read = new ProjectsApi(workspace(hedy)).projectResourceGet(project.getProjectId(), "signals");
        assertEquals("Torpedo guidance", read.getTitle());
        PageProjectResponse projects = new ProjectsApi(workspace(hedy)).projectResourceList("signals", null, "10",
                null);
        assertEquals(project.getProjectId(), projects.getItems().get(0).getProjectId());
        new MembersApi(workspace(hedy)).memberResourcePut("katherine", "signals",
                new PutMemberRequest().role("member"), null);
        PageMemberResponse memberships = new WorkspacesApi(workspace(katherine)).workspaceResourceMemberships(
                null, null, "katherine");
        assertEquals("signals", memberships.getItems().get(0).getWorkspaceId());
        new MembersApi(workspace(katherine)).memberResourceRemove("katherine", "signals");
        String today = LocalDate.now(ZoneOffset.UTC).toString();
        PageProjectResponse active = new ProjectsApi(workspace(hedyAdmin)).projectStatusResourceByStatus(
                today + "T00:00:00Z", today + "T23:59:59Z", null, null, "ACTIVE");
        assertTrue(active.getItems().stream().anyMatch(p -> p.getProjectId().equals(project.getProjectId())));

        // an error: a problem+json naming the field
        var refused = assertThrows(dev.trident.clients.social.ApiException.class, () -> new PostsApi(social(hedy))
                .postResourceCreate("hedy", new CreatePostRequest().body(""), null));
        assertEquals(400, refused.getCode());
        Problem problem = dev.trident.clients.social.JSON.getDefault().getMapper()
                .readValue(refused.getResponseBody(), Problem.class);
        assertEquals("body", problem.getErrors().get(0).getField());

        List<String> sent = SENT.stream().map(request -> request.replace(post.getPostId(), "*")
                .replace(comment.getCommentId(), "*").replace(project.getProjectId(), "*")).toList();
        assertEquals(tourRequests(), sent, "the requests of README's tour, in its order");
    }

    /** README's tour as method and path of each request, ids of its variables as {@code *}. */
    private static List<String> tourRequests() throws IOException {
        Matcher block = TOUR.matcher(Files.readString(README));
        assertTrue(block.find(), "README.md has a ```bash tour block");
        List<String> requests = new ArrayList<>();
        for (String line : block.group(1).replace("\\\n", " ").split("\n")) {
            Matcher curl = CURL.matcher(line);
            if (curl.find()) {
                String method = curl.group(1) == null ? "GET" : curl.group(1);
                requests.add(method + " " + curl.group(2).replaceAll("\\$\\{?\\w+}?", "*"));
            }
        }
        return requests;
    }

    /** Records each request: its method and path. */
    private static Consumer<HttpResponse<java.io.InputStream>> recorder() {
        return response -> {
            URI uri = response.request().uri();
            SENT.add(response.request().method() + " " + uri.getPath());
        };
    }

    private static dev.trident.clients.social.ApiClient social(String bearer) {
        var client = new dev.trident.clients.social.ApiClient();
        client.updateBaseUri(social.url());
        client.setRequestInterceptor(request -> request.header("Authorization", bearer));
        client.setResponseInterceptor(recorder());
        return client;
    }

    private static dev.trident.clients.enrollment.ApiClient enrollment(String bearer) {
        var client = new dev.trident.clients.enrollment.ApiClient();
        client.updateBaseUri(enrollment.url());
        client.setRequestInterceptor(request -> request.header("Authorization", bearer));
        client.setResponseInterceptor(recorder());
        return client;
    }

    private static dev.trident.clients.workspace.ApiClient workspace(String bearer) {
        var client = new dev.trident.clients.workspace.ApiClient();
        client.updateBaseUri(workspace.url());
        client.setRequestInterceptor(request -> request.header("Authorization", bearer));
        client.setResponseInterceptor(recorder());
        return client;
    }
}
