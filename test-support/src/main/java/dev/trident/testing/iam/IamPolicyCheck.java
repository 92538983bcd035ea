package dev.trident.testing.iam;

import dev.trident.testing.openapi.OpenApiCoverage;
import io.restassured.path.json.JsonPath;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.opentest4j.TestAbortedException;

/**
 * A service's IAM policy ({@code deploy/iam/<service>-policy.json}) grants exactly the DynamoDB actions, on the table
 * and on each index, that the service's code was seen calling during its tests ({@link DynamoDbActions}): one too
 * few and the service fails in production, one too many and it holds a right it does not use.
 * <p>
 * Calls made by test code (a class under {@code target/test-classes} or test-support) are not the service's. Neither
 * are those of {@code TableBootstrap}: it creates the table only where {@code trident.table.bootstrap=true} (dev and
 * tests); production's table comes from deploy/cloudformation and the services never create it there.
 * Run it from a plain JUnit class, which Quarkus' class orderer runs after every {@code @QuarkusTest}; a run
 * filtered with {@code -Dtest} (other than whole packages) checks only that every call is granted.
 */
public final class IamPolicyCheck {

    /** How the policies name the table; the placeholders are substituted at deployment (docs/operations.md, "IAM"). */
    public static final String TABLE_ARN = "arn:aws:dynamodb:${Region}:${Account}:table/${TableName}";
    private static final String BOOTSTRAP = "dev.trident.support.table.TableBootstrap";

    private final Path policy;

    private IamPolicyCheck(Path policy) {
        this.policy = policy;
    }

    /**
     * The policy of the module under test, e.g. {@code "social-service"}: {@code
     * ../deploy/iam/social-service-policy.json}.
     */
    public static IamPolicyCheck forService(String service) {
        return new IamPolicyCheck(Path.of("..", "deploy", "iam", service + "-policy.json"));
    }

    public void verify() {
        Set<String> granted = granted(JsonPath.from(policy.toFile()));
        Map<String, Set<String>> needed = needed(read(), Path.of("target", "test-classes"));
        if (needed.isEmpty()) {
            throw new TestAbortedException("the service made no DynamoDB call in this run: nothing to compare");
        }
        List<String> problems = new ArrayList<>();
        needed.forEach((grant, callers) -> {
            if (!granted.contains(grant)) {
                problems.add("called but not granted: " + grant + " (by " + String.join(", ", callers) + ")");
            }
        });
        if (OpenApiCoverage.wholeSuiteRan(System.getProperty("test"))) {
            granted.stream().filter(grant -> !needed.containsKey(grant))
                    .forEach(grant -> problems.add("granted but never called: " + grant));
        }
        if (!problems.isEmpty()) {
            throw new AssertionError(policy + " does not match the DynamoDB calls the service made:\n  "
                    + String.join("\n  ", problems));
        }
    }

    /** Each "action resource" an Allow statement grants; resource "table" or "index/NAME". */
    static Set<String> granted(JsonPath document) {
        Set<String> granted = new TreeSet<>();
        List<Map<String, Object>> statements = document.getList("Statement");
        for (Map<String, Object> statement : statements) {
            if (!"Allow".equals(statement.get("Effect"))) {
                throw new AssertionError("only Allow statements are expected: " + statement);
            }
            for (String action : strings(statement.get("Action"))) {
                for (String resource : strings(statement.get("Resource"))) {
                    granted.add(action + " " + resource(resource));
                }
            }
        }
        return granted;
    }

    private static String resource(String arn) {
        if (arn.equals(TABLE_ARN)) {
            return DynamoDbActions.TABLE;
        }
        if (arn.startsWith(TABLE_ARN + "/index/") && !arn.endsWith("*")) {
            return arn.substring(TABLE_ARN.length() + 1);
        }
        throw new AssertionError("a resource is the table (" + TABLE_ARN + ") or one of its indexes by name: " + arn);
    }

    private static List<String> strings(Object value) {
        if (value instanceof String s) {
            return List.of(s);
        }
        if (value instanceof List<?> list) {
            return list.stream().map(String::valueOf).toList();
        }
        throw new AssertionError("expected a string or a list of strings: " + value);
    }

    /** "action resource" to the classes that needed it, leaving out test code and the dev/test table bootstrap. */
    static Map<String, Set<String>> needed(List<String[]> recorded, Path testClasses) {
        Map<String, Set<String>> needed = new TreeMap<>();
        for (String[] line : recorded) {
            String caller = line[0];
            if (caller.startsWith("dev.trident.testing.") || caller.equals(BOOTSTRAP)
                    || Files.exists(testClasses.resolve(caller.replace('.', '/') + ".class"))) {
                continue;
            }
            needed.computeIfAbsent(line[1] + " " + line[2], k -> new TreeSet<>()).add(caller);
        }
        return needed;
    }

    private static List<String[]> read() {
        Path file = DynamoDbActions.thisRun();
        if (!Files.exists(file)) {
            return List.of();
        }
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8).stream()
                    .map(line -> line.split("\t", -1)).filter(parts -> parts.length == 3).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
