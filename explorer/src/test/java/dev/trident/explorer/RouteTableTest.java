package dev.trident.explorer;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.CollectionReads;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps common-keys' CollectionReads (the table of which route reads which collection, shown beside every collection)
 * true to the code, in both directions, by reading the services' sources: every access pattern a repository reads
 * with (a declared KeyQuery, or a GetItem or BatchGetItem directly or through a helper) must be declared for its
 * service, and every declared access pattern must be one that service reads with. The collection each declared read names is checked
 * at run time by test-support's DynamoDbCallRecorder in the services' own tests.
 */
class RouteTableTest {

    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    private static final String SHARED = "service-support";
    private static final Pattern CONSTANT =
            Pattern.compile("(\\w+)\\s*=\\s*AccessPattern\\.named\\(\\s*\"([a-z0-9-]+)\"\\s*\\)");
    /** A declared Query pattern ({@code KeyQuery.onTable("name")}, {@code KeyQuery.onIndex(GSI1, "name")}): a read. */
    private static final Pattern QUERY_DECLARATION =
            Pattern.compile("KeyQuery\\.on(?:Table|Index)\\(\\s*(?:[\\w.]+\\s*,\\s*)?\"([a-z0-9-]+)\"\\s*\\)");
    /** A method taking an access pattern: its name and the parameter's name. */
    private static final Pattern PATTERN_PARAMETER = Pattern.compile("(\\w+)\\s*\\([^()]*?\\bAccessPattern\\s+(\\w+)");
    /** The calls that only write; any other use of a pattern is a read, or hands the pattern to one. */
    private static final Pattern WRITE_CALL = Pattern.compile("\\.(?:put|update|delete|transact|batchDelete)\\(\\s*$");
    private static final Pattern COMMENTS = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);
    private static final Pattern CALLEE = Pattern.compile("([\\w<>]+)\\s*$");

    /** Access pattern name -> whether it is used for a read, over the main sources of one module. */
    private static Map<String, Boolean> patterns(String module) {
        Path sources = ROOT.resolve(module).resolve("src/main/java");
        assertTrue(Files.isDirectory(sources), "no sources at " + sources);
        Map<String, Boolean> found = new TreeMap<>();
        try (Stream<Path> files = Files.walk(sources)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String code = COMMENTS.matcher(Files.readString(file)).replaceAll("");
                Map<String, String> helpers = new HashMap<>();
                Matcher helper = PATTERN_PARAMETER.matcher(code);
                while (helper.find()) {
                    helpers.put(helper.group(1), helper.group(2));
                }
                Matcher query = QUERY_DECLARATION.matcher(code);
                while (query.find()) {
                    found.put(query.group(1), true);
                }
                Matcher constant = CONSTANT.matcher(code);
                while (constant.find()) {
                    found.merge(constant.group(2), readsWith(code, constant.group(1), helpers, new HashSet<>()),
                            Boolean::logicalOr);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return found;
    }

    /**
     * Whether {@code name} (a pattern constant or parameter) is used for anything but a write or a table-level
     * call ({@code name.tag()}: DescribeTable, CreateTable); handed to a method of the same file, that method's use
     * of its parameter decides.
     */
    private static boolean readsWith(String code, String name, Map<String, String> helpers, Set<String> followed) {
        Matcher use = Pattern.compile("(?<![\\w.])" + name + "\\b").matcher(code);
        while (use.find()) {
            String before = code.substring(0, use.start());
            String after = code.substring(use.end());
            if (after.startsWith(".tag()") || before.matches("(?s).*AccessPattern\\s+$")
                    || after.matches("(?s)^\\s*=\\s*AccessPattern\\.named.*")
                    || WRITE_CALL.matcher(before.substring(Math.max(0, before.length() - 40))).find()) {
                continue;
            }
            String callee = callee(code, use.start());
            if (callee != null && helpers.containsKey(callee)) {
                if (followed.add(callee) && readsWith(code, helpers.get(callee), helpers, followed)) {
                    return true;
                }
                continue;
            }
            return true;
        }
        return false;
    }

    /** The method whose argument list holds the position, or null. */
    private static String callee(String code, int position) {
        int depth = 0;
        for (int i = position - 1; i >= 0; i--) {
            char c = code.charAt(i);
            if (c == ')') {
                depth++;
            } else if (c == '(') {
                if (depth == 0) {
                    Matcher m = CALLEE.matcher(code.substring(0, i));
                    return m.find() ? m.group(1) : null;
                }
                depth--;
            } else if ((c == ';' || c == '{' || c == '}') && depth == 0) {
                return null;
            }
        }
        return null;
    }

    private static Set<String> reads(Map<String, Boolean> patterns) {
        return patterns.entrySet().stream().filter(Map.Entry::getValue).map(Map.Entry::getKey)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> declared(String service) {
        return CollectionReads.all().stream().filter(r -> r.service().equals(service))
                .map(CollectionReads.Read::accessPattern).collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void everyReadOfARepositoryIsDeclaredForItsService() {
        List<String> problems = new ArrayList<>();
        for (String service : new TreeSet<>(CollectionReads.SERVICES)) {
            Set<String> undeclared = new TreeSet<>(reads(patterns(service)));
            undeclared.removeAll(declared(service));
            if (!undeclared.isEmpty()) {
                problems.add(service + " reads with " + undeclared + ", which CollectionReads does not declare");
            }
        }
        Set<String> sharedReads = new TreeSet<>(reads(patterns(SHARED)));
        sharedReads.removeAll(CollectionReads.all().stream().map(CollectionReads.Read::accessPattern).toList());
        if (!sharedReads.isEmpty()) {
            problems.add(SHARED + " reads with " + sharedReads + " for the services; no service declares them");
        }
        assertTrue(problems.isEmpty(), "declare each read in common-keys dev.trident.keys.CollectionReads: " + problems);
    }

    @Test
    void everyDeclaredReadIsOneItsServiceMakes() {
        Set<String> shared = reads(patterns(SHARED));
        List<String> problems = new ArrayList<>();
        for (String service : new TreeSet<>(CollectionReads.SERVICES)) {
            Set<String> stale = new TreeSet<>(declared(service));
            stale.removeAll(reads(patterns(service)));
            stale.removeAll(shared);
            if (!stale.isEmpty()) {
                problems.add(service + " makes no read named " + stale);
            }
        }
        assertTrue(problems.isEmpty(), "CollectionReads declares reads no repository makes: " + problems);
    }

    @Test
    void theScanOfTheSourcesFindsTheKnownReadsAndWrites() {
        // Guards the scan itself: a read, a read through a helper (MergedQuery) and a write are told apart.
        Map<String, Boolean> enrollment = patterns("enrollment-service");
        assertTrue(enrollment.get("course-roster"), "course-roster is a Query");
        assertTrue(!enrollment.get("enrol"), "enrol only writes");
        assertTrue(!patterns("workspace-service").get("member-put"), "member-put only writes, through a helper");
        Map<String, Boolean> workspace = patterns("workspace-service");
        assertTrue(workspace.get("workspace-projects"), "workspace-projects reads through MergedQuery");
        assertTrue(!patterns(SHARED).getOrDefault("table-readiness", false), "DescribeTable reads no collection");
    }
}
