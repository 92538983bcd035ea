package dev.trident.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.EntityType;
import dev.trident.keys.ErasureKeys;
import dev.trident.keys.IdempotencyKeys;
import dev.trident.keys.IndexKey;
import dev.trident.keys.ItemKey;
import dev.trident.keys.ProjectId;
import dev.trident.keys.ProjectStatus;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.TableSchema;
import dev.trident.keys.WorkKeys;
import dev.trident.keys.WorkspaceKeys;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The key table of docs/DESIGN.md is generated here from common-keys: one row per {@link EntityType}, each cell a
 * template that the keys built by the {@code *Keys} classes must match, and every public builder of an item or index
 * key used by some row. So a new entity type, a new index key or a changed prefix fails this test until the table
 * says it. {@code -Dkeys.table.write=true} writes the table into DESIGN.md instead of failing.
 */
class KeyTableTest {
    static final Path DESIGN = Repo.ROOT.resolve("docs/DESIGN.md");
    static final String BEGIN = "<!-- The key table is generated from common-keys by deploy/checks' KeyTableTest"
            + " (-Dkeys.table.write=true writes it). -->";
    static final String END = "<!-- End of the generated key table. -->";
    private static final List<Class<?>> KEY_CLASSES = List.of(SocialKeys.class, EnrollmentKeys.class,
            WorkspaceKeys.class, WorkKeys.class, ErasureKeys.class, IdempotencyKeys.class);
    private static final Pattern PLACEHOLDER = Pattern.compile("<[^>]+>");

    private static final Instant CREATED = Instant.parse("2026-03-01T10:00:00.123Z");
    private static final ProjectId PROJECT = ProjectId.parse("2026-0042");

    /** A key template: alternatives, each literal text with {@code <placeholders>}. */
    private record Template(List<String> alternatives) {
        static Template of(String... alternatives) {
            return new Template(List.of(alternatives));
        }

        static final Template NONE = new Template(List.of());

        String cell() {
            return alternatives.stream().map(a -> "`" + a + "`").collect(Collectors.joining(" or "));
        }

        boolean matches(String key) {
            return alternatives.stream().anyMatch(a -> regex(a).matcher(key).matches());
        }

        private static Pattern regex(String template) {
            StringBuilder regex = new StringBuilder();
            var m = PLACEHOLDER.matcher(template);
            int at = 0;
            while (m.find()) {
                regex.append(Pattern.quote(template.substring(at, m.start()))).append("[^#]+");
                at = m.end();
            }
            return Pattern.compile(regex.append(Pattern.quote(template.substring(at))).toString());
        }
    }

    /** One entity type: what it is, its key templates, keys built for it and the builders that built them. */
    private record Row(EntityType type, String what, Template pk, Template sk, Template gsi1pk, Template gsi1sk,
            Template gsi2pk, Template gsi2sk, List<ItemKey> keys, List<IndexKey> indexKeys, Set<String> builders) {

        String markdown() {
            return "| `" + type.typeName() + "` | " + what + " | " + pk.cell() + " | " + sk.cell() + " | "
                    + index(gsi1pk, gsi1sk) + " | " + index(gsi2pk, gsi2sk) + " |";
        }

        private static String index(Template pk, Template sk) {
            return pk.alternatives().isEmpty() ? "" : pk.cell() + " / " + sk.cell();
        }
    }

    private static Row row(EntityType type, String what, String pk, String sk, List<ItemKey> keys, String... builders) {
        return row(type, what, Template.of(pk), Template.of(sk), null, null, null, null, keys, List.of(), builders);
    }

    private static Row row(EntityType type, String what, Template pk, Template sk, String gsi1pk, String gsi1sk,
            String gsi2pk, String gsi2sk, List<ItemKey> keys, List<IndexKey> indexKeys, String... builders) {
        return new Row(type, what, pk, sk, gsi1pk == null ? Template.NONE : Template.of(gsi1pk),
                gsi1sk == null ? Template.NONE : Template.of(gsi1sk), gsi2pk == null ? Template.NONE : Template.of(gsi2pk),
                gsi2sk == null ? Template.NONE : Template.of(gsi2sk), keys, indexKeys, Set.of(builders));
    }

    private static List<Row> rows() {
        return List.of(
                row(EntityType.USER_PROFILE, "a user's profile", Template.of("USER#<userId>"), Template.of("PROFILE"),
                        "HANDLE#<handle>", "PROFILE", null, null,
                        List.of(SocialKeys.userProfile("ada")), List.of(SocialKeys.userByHandle("ada")),
                        "SocialKeys.userProfile", "SocialKeys.userByHandle"),
                row(EntityType.HANDLE_CLAIM, "a handle's owner (uniqueness)", "HANDLE#<handle>", "HANDLE",
                        List.of(SocialKeys.handleClaim("ada")), "SocialKeys.handleClaim"),
                row(EntityType.POST, "a post", Template.of("USER#<userId>"), Template.of("POST#<postId>"), null, null,
                        "TIMELINE#<yyyy-mm>#<shard>", "<postId>",
                        List.of(SocialKeys.post("ada", "p1")), List.of(SocialKeys.postTimeline("2026-03", "p1", 16)),
                        "SocialKeys.post", "SocialKeys.postTimeline"),
                row(EntityType.POST_DELETION, "a deleted post whose comments are still being deleted", "USER#<userId>",
                        "DELPOST#<postId>", List.of(SocialKeys.postDeletion("ada", "p1")), "SocialKeys.postDeletion"),
                row(EntityType.COMMENT, "a comment", Template.of("POST#<postId>"), Template.of("COMMENT#<commentId>"),
                        "USER#<authorId>", "COMMENT#<commentId>", null, null,
                        List.of(SocialKeys.comment("p1", "c1")), List.of(SocialKeys.commentByAuthor("grace", "c1")),
                        "SocialKeys.comment", "SocialKeys.commentByAuthor"),
                row(EntityType.MONTHLY_STATS, "a user's counters of one month", "USER#<userId>", "STATS#<yyyy-mm>",
                        List.of(SocialKeys.monthlyStats("ada", "2026-03")), "SocialKeys.monthlyStats"),
                row(EntityType.TIMELINE_MONTH, "a month that holds posts", "TIMELINE#MONTHS", "MONTH#<yyyy-mm>",
                        List.of(SocialKeys.timelineMonth("2026-03")), "SocialKeys.timelineMonth"),
                row(EntityType.STUDENT, "a student", "STU#<studentId>", "PROFILE",
                        List.of(EnrollmentKeys.student("grace")), "EnrollmentKeys.student"),
                row(EntityType.COURSE, "a course", Template.of("CRS#<courseId>"), Template.of("METADATA"),
                        "CRS#<courseId>", "METADATA", "TERM#<term>#<shard>", "<courseId>",
                        List.of(EnrollmentKeys.course("cs101")),
                        List.of(EnrollmentKeys.courseIndex("cs101"), EnrollmentKeys.courseTermIndex("2026-fall", "cs101",
                                EnrollmentKeys.DEFAULT_CATALOGUE_SHARDS)),
                        "EnrollmentKeys.course", "EnrollmentKeys.courseIndex", "EnrollmentKeys.courseTermIndex"),
                row(EntityType.ENROLLMENT, "an enrolment (the edge)", Template.of("STU#<studentId>"),
                        Template.of("ENROLL#CRS#<courseId>"), "CRS#<courseId>", "STU#<studentId>",
                        "STU#<studentId>#TERM#<term>", "CRS#<courseId>",
                        List.of(EnrollmentKeys.enrollment("grace", "cs101")),
                        List.of(EnrollmentKeys.enrollmentIndex("cs101", "grace"),
                                EnrollmentKeys.enrollmentTermIndex("grace", "2026-fall", "cs101")),
                        "EnrollmentKeys.enrollment", "EnrollmentKeys.enrollmentIndex",
                        "EnrollmentKeys.enrollmentTermIndex"),
                row(EntityType.WORKSPACE, "a workspace's settings", "WS#<wsId>", "META",
                        List.of(WorkspaceKeys.workspace("acme")), "WorkspaceKeys.workspace"),
                row(EntityType.MEMBER, "a member (the edge)", Template.of("WS#<wsId>"), Template.of("MEMBER#<userId>"),
                        "USER#<userId>", "WS#<wsId>", null, null,
                        List.of(WorkspaceKeys.member("acme", "ada")), List.of(WorkspaceKeys.memberIndex("ada", "acme")),
                        "WorkspaceKeys.member", "WorkspaceKeys.memberIndex"),
                row(EntityType.PROJECT, "a project (id `YYYY-NNNN`, 6 digits in keys)",
                        Template.of("WS#<wsId>", "WS#<wsId>#<shard>"), Template.of("PROJ#<yyyy>-<nnnnnn>"),
                        "WS#<wsId>#STATUS#<status>#<shard>", "PROJ#<yyyy>-<nnnnnn>",
                        "PROJSTATUS#<status>#<n>", "<createdAt>#<wsId>#<projectId>",
                        List.of(WorkspaceKeys.project("acme", 1, PROJECT), WorkspaceKeys.project("acme", 4, PROJECT)),
                        List.of(WorkspaceKeys.projectWorkspaceStatusIndex("acme", 4, ProjectStatus.ACTIVE, PROJECT),
                                WorkspaceKeys.projectStatusIndex(ProjectStatus.ACTIVE,
                                        WorkspaceKeys.DEFAULT_PROJECT_STATUS_SHARDS, CREATED, "acme", PROJECT)),
                        "WorkspaceKeys.project", "WorkspaceKeys.projectWorkspaceStatusIndex",
                        "WorkspaceKeys.projectStatusIndex"),
                row(EntityType.PROJECT_SEQUENCE, "a workspace's project counter of one year", "WS#<wsId>",
                        "PROJSEQ#<yyyy>", List.of(WorkspaceKeys.projectSequence("acme", 2026)),
                        "WorkspaceKeys.projectSequence"),
                row(EntityType.IDEMPOTENCY, "the answer of a create sent with an `Idempotency-Key` (TTL)",
                        "IDEM#<sha256 of caller, route and key>", "IDEM",
                        List.of(IdempotencyKeys.record("ada", "POST /users", "k1")), "IdempotencyKeys.record"),
                row(EntityType.ERASURE, "an account's erasure: id and progress (TTL)", "ERASURE#<userId>", "ERASURE",
                        List.of(ErasureKeys.record("ada")), "ErasureKeys.record"),
                row(EntityType.WORK_ITEM, "a task of pending work (a deletion, an erasure); shard = FNV-1a of "
                        + "`<kind>#<id>` mod 16; `WORK#<service>` only for tasks written before the work was sharded, "
                        + "until backfilled", Template.of("WORK#<service>#<shard>", "WORK#<service>"),
                        Template.of("TASK#<kind>#<id>"), null, null, null, null,
                        List.of(WorkKeys.task("workspace", "delete-workspace", "acme"),
                                WorkKeys.legacyTask("workspace", "delete-workspace", "acme")), List.of(),
                        "WorkKeys.task", "WorkKeys.legacyTask"));
    }

    static String table() {
        List<String> lines = new ArrayList<>(List.of(BEGIN,
                "| `_type` | what | PK | SK | GSI1PK / GSI1SK | GSI2PK / GSI2SK |", "|---|---|---|---|---|---|"));
        rows().forEach(row -> lines.add(row.markdown()));
        lines.add(END);
        return String.join("\n", lines);
    }

    @Test
    void everyEntityTypeHasOneRowAndEveryKeyItBuildsMatchesItsTemplates() {
        List<EntityType> listed = rows().stream().map(Row::type).toList();
        assertEquals(Arrays.asList(EntityType.values()).stream().sorted().toList(), listed.stream().sorted().toList(),
                "one row per EntityType");
        for (Row row : rows()) {
            for (ItemKey key : row.keys()) {
                assertEquals(row.type(), EntityType.classify(key).orElse(null), key + " is a " + row.type());
                assertTrue(row.pk().matches(key.pk()), row.type() + ": PK " + key.pk() + " matches " + row.pk().cell());
                assertTrue(row.sk().matches(key.sk()), row.type() + ": SK " + key.sk() + " matches " + row.sk().cell());
            }
            for (String alternative : row.pk().alternatives()) {
                assertTrue(row.keys().stream().anyMatch(k -> Template.of(alternative).matches(k.pk())),
                        row.type() + ": some key has the PK " + alternative);
            }
            for (String index : List.of(TableSchema.GSI1, TableSchema.GSI2)) {
                List<IndexKey> keys = row.indexKeys().stream().filter(k -> k.indexName().equals(index)).toList();
                Template pk = index.equals(TableSchema.GSI1) ? row.gsi1pk() : row.gsi2pk();
                Template sk = index.equals(TableSchema.GSI1) ? row.gsi1sk() : row.gsi2sk();
                assertEquals(pk.alternatives().isEmpty(), keys.isEmpty(),
                        row.type() + ": the table shows a " + index + " key exactly when the entity has one");
                for (IndexKey key : keys) {
                    assertTrue(pk.matches(key.pk()), row.type() + ": " + index + "PK " + key.pk() + " matches " + pk.cell());
                    assertTrue(sk.matches(key.sk()), row.type() + ": " + index + "SK " + key.sk() + " matches " + sk.cell());
                }
            }
        }
    }

    @Test
    void everyBuilderOfAnItemOrIndexKeyIsInTheTable() {
        Set<String> builders = new TreeSet<>();
        for (Class<?> keys : KEY_CLASSES) {
            for (Method method : keys.getDeclaredMethods()) {
                if (Modifier.isPublic(method.getModifiers()) && Modifier.isStatic(method.getModifiers())
                        && (method.getReturnType() == ItemKey.class || method.getReturnType() == IndexKey.class)) {
                    builders.add(keys.getSimpleName() + "." + method.getName());
                }
            }
        }
        Set<String> used = new TreeSet<>();
        rows().forEach(row -> used.addAll(row.builders()));
        assertEquals(builders, used, "the builders of keys in common-keys, each shown by a row of the key table");
    }

    @Test
    void designMdShowsTheGeneratedKeyTable() throws IOException {
        String design = Files.readString(DESIGN);
        int begin = design.indexOf(BEGIN);
        int end = design.indexOf(END);
        assertTrue(begin >= 0 && end > begin, "docs/DESIGN.md holds the key table between its markers");
        String current = design.substring(begin, end + END.length());
        if (Boolean.getBoolean("keys.table.write")) {
            Files.writeString(DESIGN, design.replace(current, table()));
            return;
        }
        assertEquals(table(), current, "docs/DESIGN.md's key table (run with -Dkeys.table.write=true to rewrite it)");
    }
}
