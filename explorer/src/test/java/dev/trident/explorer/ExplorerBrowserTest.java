package dev.trident.explorer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.trident.support.dynamo.DynamoTable;
import dev.trident.testing.DynamoDbLocalResource;
import dev.trident.testing.Tokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.File;
import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.ProjectId;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * The page in a real headless Chromium (Debian's chromium and chromedriver; nothing is downloaded) against the
 * running explorer and DynamoDB Local: a deep link signs in and opens a student, a click opens a course's roster, an
 * unknown id is a message. Skipped only where Chromium is missing outside CI; under CI=true that is a failure.
 */
@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
class ExplorerBrowserTest {

    private static final Path CHROMIUM = Path.of(System.getenv().getOrDefault("CHROMIUM_BINARY", "/usr/bin/chromium"));
    private static final Path CHROMEDRIVER = Path.of(System.getenv().getOrDefault("CHROMEDRIVER", "/usr/bin/chromedriver"));
    private static final Duration WAIT = Duration.ofSeconds(20);

    @TestHTTPResource("/")
    URL page;

    @Inject
    DynamoDbAsyncClient dynamo;

    @Inject
    DynamoTable table;

    private ChromeDriver browser;
    private ChromeDriverService driverService;
    private Path profile;

    @BeforeEach
    void startChromium() throws IOException {
        boolean installed = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
        if (!installed) {
            String missing = "Chromium (" + CHROMIUM + ") or chromedriver (" + CHROMEDRIVER + ") is not installed: "
                    + "deploy/prerequisites.sh installs Debian's chromium and chromium-driver";
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail(missing);
            }
            Assumptions.abort(missing);
        }
        // The driver is named explicitly, so Selenium Manager never looks for (or downloads) one.
        System.setProperty("webdriver.chrome.driver", CHROMEDRIVER.toString());
        profile = Files.createTempDirectory("explorer-chromium-");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile, "--window-size=1500,1000");
        driverService = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort().build();
        browser = new ChromeDriver(driverService, options);
    }

    @AfterEach
    void stopChromium() throws IOException {
        if (browser != null) {
            browser.quit();
        }
        if (driverService != null) {
            driverService.stop();
        }
        if (profile != null) {
            try (Stream<Path> files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            }
        }
    }

    @Test
    void aDeepLinkShowsEveryEnrollmentAndACourseIdOpensTheRosterWithThatStudent() throws IOException {
        TableSeed seed = new TableSeed(dynamo, table.name());
        String student = TableSeed.uniqueId("stu");
        String classmate = TableSeed.uniqueId("mate");
        List<String> courses = List.of(TableSeed.uniqueId("algebra"), TableSeed.uniqueId("botany"),
                TableSeed.uniqueId("chemistry"));
        seed.student(student, "Ada Lovelace");
        seed.student(classmate, "Grace Hopper");
        for (String course : courses) {
            seed.course(course, "Course " + course);
            seed.enrol(student, course);
        }
        String opened = courses.get(1);
        seed.enrol(classmate, opened);
        String token = Tokens.user("operator-1").roles("admin").token();
        WebDriverWait wait = new WebDriverWait(browser, WAIT);

        browser.get(page + "#entity=student&id=" + student + "&token=" + token);
        wait.until(ExpectedConditions.numberOfElementsToBe(
                By.cssSelector("section[data-view='table'] tbody tr[data-type='Enrollment']"), courses.size()));
        for (String course : courses) {
            assertEquals(1, browser.findElements(By.cssSelector("section[data-view='table'] tr[data-type='Enrollment'] "
                    + "a[data-entity='course'][data-id='" + course + "']")).size(), "a link to " + course);
        }
        assertEquals(1, browser.findElements(By.cssSelector("tr[data-type='Student']")).size());
        // The token left the address bar at once and is kept for this tab only.
        assertFalse(browser.getCurrentUrl().contains("token"), browser.getCurrentUrl());
        assertEquals(token, ((JavascriptExecutor) browser)
                .executeScript("return sessionStorage.getItem('trident-explorer-token')"));

        // Keyboard: focus the course id and press Enter.
        WebElement courseLink = browser.findElement(By.cssSelector(
                "section[data-view='table'] a[data-entity='course'][data-id='" + opened + "']"));
        courseLink.sendKeys(Keys.ENTER);
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector(
                "section[data-view='gsi1'] tr[data-type='Enrollment'] a[data-entity='student'][data-id='" + student + "']")));
        assertTrue(browser.getCurrentUrl().endsWith("#entity=course&id=" + opened), browser.getCurrentUrl());
        assertEquals(2, browser.findElements(By.cssSelector("section[data-view='gsi1'] tr[data-type='Enrollment']")).size());
        assertEquals(1, browser.findElements(By.cssSelector("section[data-view='table'] tr[data-type='Course']")).size());
        assertEquals(1, browser.findElements(By.cssSelector(
                "section[data-view='gsi1'] a[data-entity='student'][data-id='" + classmate + "']")).size());
        assertTrue(browser.findElement(By.cssSelector("section[data-view='gsi1']")).getText().contains("course-roster"),
                "the roster names the routes that read it");
        // Opened, the readers line says what each pattern's declaration fixes and which routes make the read.
        browser.findElement(By.cssSelector("section[data-view='gsi1'] details.readers summary")).click();
        String readers = browser.findElement(By.cssSelector("section[data-view='gsi1'] details.readers ul")).getText();
        assertTrue(readers.contains("enrollment-service course-roster (sort key begins STU#): "
                + "GET /courses/{courseId}/students"), readers);
        browser.findElement(By.cssSelector("section[data-view='gsi1'] details.readers summary")).click();
        Path screenshot = Path.of("target", "explorer.png");
        Files.createDirectories(screenshot.getParent());
        Files.copy(((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE).toPath(), screenshot,
                StandardCopyOption.REPLACE_EXISTING);
        assertTrue(Files.size(screenshot) > 10_000, "a real screenshot");

        // An id nothing is stored under: a message, not a blank page.
        String nobody = TableSeed.uniqueId("nobody");
        browser.get(page + "#entity=student&id=" + nobody);
        WebElement message = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("message")));
        wait.until(ExpectedConditions.textToBePresentInElement(message, "Not found"));
        assertTrue(message.getText().contains(nobody), message.getText());
        assertEquals(0, browser.findElements(By.cssSelector("section.collection")).size());

        // An id outside the grammar: the API's 400, shown as a message.
        browser.get(page + "#entity=student&id=" + "bad%20id");
        wait.until(ExpectedConditions.textToBePresentInElement(browser.findElement(By.id("message")), "refused"));
    }

    @Test
    void theGridKeepsEveryKeyOnOneLineShowsShardsSideBySideAndTheFirstItemsAboveTheFold() throws IOException {
        TableSeed seed = new TableSeed(dynamo, table.name());
        String ws = TableSeed.uniqueId("acme");
        int shards = 4;
        seed.workspace(ws, shards);
        for (String member : List.of("ada", "grace", "alan")) {
            seed.member(ws, member);
        }
        for (int seq = 1; seq <= 8; seq++) {
            seed.project(ws, shards, new ProjectId(2026, seq));
        }
        browser.manage().window().setSize(new Dimension(1400, 900));
        WebDriverWait wait = new WebDriverWait(browser, WAIT);
        JavascriptExecutor js = (JavascriptExecutor) browser;

        browser.get(page + "#entity=workspace&id=" + ws + "&token=" + Tokens.user("operator-1").roles("admin").token());
        wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector(".shards section.collection"), shards));
        wait.until(d -> d.findElements(By.cssSelector(".shards tr[data-type='Project']")).size() == 8);
        wait.until(ExpectedConditions.presenceOfElementLocated(
                By.cssSelector("section[data-view='table'] tr[data-type='Workspace']")));

        // No key cell wraps: every key is one line box, and no key cell is taller than one line; measured with the
        // shards compact (as they open) and with every column shown.
        String measure = """
                const out = [];
                let measured = 0;
                for (const code of document.querySelectorAll('td.key code')) {
                  const cell = code.closest('td');
                  if (getComputedStyle(cell).display === 'none') continue;
                  const rects = code.getClientRects();
                  const line = rects.length ? rects[0].height : 0;
                  measured++;
                  if (rects.length !== 1 || (cell.rowSpan === 1 && cell.getBoundingClientRect().height > 2 * line)) {
                    out.push(code.textContent + ' lines=' + rects.length + ' cell=' + cell.getBoundingClientRect().height);
                  }
                }
                return [measured, out];""";
        for (boolean everyColumn : List.of(false, true)) {
            if (everyColumn) {
                browser.findElement(By.id("shards-full")).click();
            }
            List<?> result = (List<?>) js.executeScript(measure);
            assertTrue(((List<?>) result.get(1)).isEmpty(), "wrapped key cells: " + result.get(1));
            assertTrue(((Number) result.get(0)).intValue() > 20, "key cells measured: " + result.get(0));
        }
        browser.findElement(By.id("shards-full")).click();

        // The first items of a collection are above the fold at 1400x900.
        Double firstRowBottom = ((Number) js.executeScript("return document.querySelector("
                + "\"section[data-view='table'] tbody tr\").getBoundingClientRect().bottom")).doubleValue();
        Long viewport = (Long) js.executeScript("return window.innerHeight");
        assertTrue(firstRowBottom <= viewport, "first row ends at " + firstRowBottom + " of " + viewport);

        // The shards really side by side: one row, left to right.
        @SuppressWarnings("unchecked")
        List<List<Number>> boxes = (List<List<Number>>) js.executeScript("return [...document.querySelectorAll("
                + "'.shards section.collection')].map(s => [s.getBoundingClientRect().top, s.getBoundingClientRect().left])");
        for (int n = 1; n < boxes.size(); n++) {
            assertEquals(boxes.get(0).get(0).doubleValue(), boxes.get(n).get(0).doubleValue(), 1.0, "same top");
            assertTrue(boxes.get(n).get(1).doubleValue() > boxes.get(n - 1).get(1).doubleValue(), "left to right");
        }
        // The access patterns of a collection are one line, folded.
        WebElement readers = browser.findElement(By.cssSelector("section[data-view='shard-0'] details.readers"));
        assertFalse(readers.getDomAttribute("open") != null, "folded");
        assertTrue(readers.getDomProperty("textContent").contains("workspace-projects"),
                readers.getDomProperty("textContent"));
        // At 1400 pixels, more than one shard is in view: compact, side by side.
        Long visibleShards = (Long) js.executeScript("return [...document.querySelectorAll('.shards section.collection')]"
                + ".filter(s => s.getBoundingClientRect().right <= window.innerWidth).length");
        assertTrue(visibleShards >= 2, visibleShards + " shard(s) in view");
        // Nothing but the grids scrolls sideways: the page itself is as wide as the window.
        assertEquals(js.executeScript("return document.documentElement.clientWidth"),
                js.executeScript("return document.documentElement.scrollWidth"));
        // Each item's size and each read's cost.
        assertTrue(browser.findElement(By.cssSelector("section[data-view='table'] td.size")).getText().matches("\\d+ B"));
        assertTrue(browser.findElement(By.cssSelector("section[data-view='table'] .cost")).getText().contains("RCU"),
                browser.findElement(By.cssSelector("section[data-view='table'] .cost")).getText());
        screenshot("explorer-workspace-shards.png");
    }

    @Test
    void aGsi2PartitionOpensByLinkBackAndForwardWorkAndAGradeIsMaskedForAnAdminNotRegistrar() throws IOException {
        TableSeed seed = new TableSeed(dynamo, table.name());
        String term = TableSeed.uniqueId("fall");
        String course = "cs101-" + term;
        // Both on one catalogue shard, so that shard's partition lists the two of them.
        int shard = EnrollmentKeys.catalogueShard(course, EnrollmentKeys.DEFAULT_CATALOGUE_SHARDS);
        String other = IntStream.range(0, 100).mapToObj(i -> "ma" + i + "-" + term)
                .filter(id -> EnrollmentKeys.catalogueShard(id, EnrollmentKeys.DEFAULT_CATALOGUE_SHARDS) == shard)
                .findFirst().orElseThrow();
        String catalogueKey = EnrollmentKeys.termPartition(term, shard, EnrollmentKeys.DEFAULT_CATALOGUE_SHARDS);
        seed.courseInTerm(course, "Introduction to Algorithms", term);
        seed.courseInTerm(other, "Discrete Mathematics", term);
        String graded = TableSeed.uniqueId("grace");
        String ungraded = TableSeed.uniqueId("alan");
        seed.student(graded, "Grace Hopper");
        seed.student(ungraded, "Alan Turing");
        seed.enrolGraded(graded, course, "A-");
        seed.enrol(ungraded, course);
        browser.manage().window().setSize(new Dimension(1400, 900));
        WebDriverWait wait = new WebDriverWait(browser, WAIT);

        browser.get(page + "#entity=course&id=" + course + "&token=" + Tokens.user("operator-1").roles("admin").token());
        wait.until(ExpectedConditions.numberOfElementsToBe(
                By.cssSelector("section[data-view='gsi1'] tr[data-type='Enrollment']"), 2));
        // The grade rule: an admin who is not the registrar sees no grade, nor what moves with it.
        assertEquals(0, browser.findElements(By.cssSelector("[data-attribute='grade']")).size());
        assertEquals(0, browser.findElements(By.cssSelector("[data-attribute='version']")).size());
        assertFalse(browser.findElement(By.id("collections")).getText().contains("A-"));
        screenshot("explorer-course-roster.png");

        // The course's GSI2 key is a link to its term's catalogue.
        WebElement termLink = browser.findElement(By.cssSelector(
                "section[data-view='table'] td[data-key='GSI2PK'] a[data-partition='" + catalogueKey + "']"));
        termLink.click();
        // The course's own page shows two Course rows too (table and roster): wait for the partition's.
        wait.until(ExpectedConditions.numberOfElementsToBe(
                By.cssSelector("section[data-view='partition'] tr[data-type='Course']"), 2));
        String catalogue = browser.getCurrentUrl();
        assertTrue(catalogue.contains("index=GSI2") && catalogue.contains("pk=" + catalogueKey.replace("#", "%23")), catalogue);
        assertTrue(browser.findElement(By.cssSelector("section[data-view='partition']")).getText()
                .contains("course-catalogue"));

        // Back: the course again; forward: the catalogue again.
        browser.navigate().back();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("section[data-view='gsi1']")));
        assertTrue(browser.getCurrentUrl().contains("entity=course"), browser.getCurrentUrl());
        browser.navigate().forward();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("section[data-view='partition']")));
        assertEquals(catalogue, browser.getCurrentUrl());

        // A deep link to a GSI2 partition opens it in a fresh load too.
        browser.get(page + "?fresh=1#index=GSI2&pk=" + catalogueKey.replace("#", "%23"));
        wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("section.collection tr[data-type='Course']"), 2));
        assertEquals("GSI2", browser.findElement(By.id("partition-index")).getDomProperty("value"));

        // Without an id: the start page lists the partitions that need none; a status shard opens from there.
        browser.findElement(By.cssSelector("h1 a.home")).click();
        WebElement statusShard = wait.until(ExpectedConditions.elementToBeClickable(
                By.cssSelector(".browse a[href*='PROJSTATUS%23ACTIVE%230']")));
        statusShard.click();
        wait.until(ExpectedConditions.presenceOfElementLocated(
                By.cssSelector("section[data-view='partition'][data-partition='PROJSTATUS#ACTIVE#0']")));
        assertTrue(browser.findElement(By.cssSelector("section[data-view='partition']")).getText()
                .contains("projects-by-status"));
    }

    private void screenshot(String name) throws IOException {
        Path shot = Path.of("target", name);
        Files.createDirectories(shot.getParent());
        Files.copy(((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE).toPath(), shot,
                StandardCopyOption.REPLACE_EXISTING);
        assertTrue(Files.size(shot) > 10_000, "a real screenshot");
    }

    @Test
    void aLinkWithATokenNeverReplacesTheSignedInTokenAndNoTokenStaysInTheAddressBar() {
        TableSeed seed = new TableSeed(dynamo, table.name());
        String student = TableSeed.uniqueId("stu");
        seed.student(student, "Ada Lovelace");
        String signedIn = Tokens.user("operator-1").roles("admin").token();
        String other = Tokens.user("intruder-1").roles("admin").token();
        WebDriverWait wait = new WebDriverWait(browser, WAIT);
        JavascriptExecutor js = (JavascriptExecutor) browser;

        browser.get(page + "#entity=student&id=" + student + "&token=" + signedIn);
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("tr[data-type='Student']")));
        assertFalse(((String) js.executeScript("return location.href")).contains("token="),
                "the token left the address bar after load");
        assertEquals(signedIn, js.executeScript("return sessionStorage.getItem('trident-explorer-token')"));

        // A link followed within the page (a hash change) carrying another token: not used, said in words.
        js.executeScript("location.hash = arguments[0]", "entity=student&id=" + student + "&token=" + other);
        WebElement notice = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("notice")));
        assertTrue(notice.getText().contains("signed in already"), notice.getText());
        assertEquals(signedIn, js.executeScript("return sessionStorage.getItem('trident-explorer-token')"));
        assertFalse(((String) js.executeScript("return location.href")).contains("token="));
        assertFalse(((String) js.executeScript("return history.state === null ? '' : String(history.state)"))
                .contains(other));

        // The same from a fresh load of the page in this tab (the signed-in token is kept for the tab).
        browser.get(page + "?fresh=1#entity=student&id=" + student + "&token=" + other);
        notice = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("notice")));
        assertTrue(notice.getText().contains("signed in already"), notice.getText());
        assertEquals(signedIn, js.executeScript("return sessionStorage.getItem('trident-explorer-token')"));
        assertFalse(((String) js.executeScript("return location.href")).contains("token="));
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("tr[data-type='Student']")));

        // Signed out, the same link signs in with its token.
        browser.findElement(By.id("sign-out")).click();
        browser.get(page + "?again=1#entity=student&id=" + student + "&token=" + other);
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("tr[data-type='Student']")));
        assertEquals(other, js.executeScript("return sessionStorage.getItem('trident-explorer-token')"));
        assertFalse(((String) js.executeScript("return location.href")).contains("token="));
    }

    @Test
    void withoutATokenThePageAsksForOneAndAWrongRoleIsAMessage() {
        WebDriverWait wait = new WebDriverWait(browser, WAIT);
        browser.get(page + "#entity=student&id=s1");
        WebElement tokenField = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("token")));
        assertTrue(browser.findElement(By.id("message")).getText().contains("Sign in"));
        // A token without the admin role: 403, said in words.
        tokenField.sendKeys(Tokens.user("student-1").token(), Keys.ENTER);
        wait.until(ExpectedConditions.textToBePresentInElement(browser.findElement(By.id("message")), "role admin"));
        assertEquals("entity", browser.findElement(By.cssSelector("label[for='entity']")).getText().toLowerCase());
    }
}
