package dev.trident.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.EntityKeys;
import dev.trident.keys.EntityType;
import dev.trident.keys.ErasureKeys;
import dev.trident.keys.IdempotencyKeys;
import dev.trident.keys.IndexKey;
import dev.trident.keys.ItemKey;
import dev.trident.keys.KeyDecoder;
import dev.trident.keys.KeyTemplate;
import dev.trident.keys.ProjectId;
import dev.trident.keys.ProjectStatus;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.TableSchema;
import dev.trident.keys.WorkKeys;
import dev.trident.keys.WorkspaceKeys;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The key table of docs/DESIGN.md is generated here from the key declarations of common-keys: one row per
 * {@link EntityType}, each cell the template it declares ({@link EntityKeys}). Every public builder of an item or
 * index key in the {@code *Keys} classes makes a sample key here, and each sample must be read back by its row's
 * templates, so a builder cannot make a key its declaration does not spell. {@code -Dkeys.table.write=true} writes
 * the table into DESIGN.md instead of failing.
 */
class KeyTableTest {
    static final Path DESIGN = Repo.ROOT.resolve("docs/DESIGN.md");
    static final String BEGIN = "<!-- The key table is generated from common-keys by deploy/checks' KeyTableTest"
            + " (-Dkeys.table.write=true writes it). -->";
    static final String END = "<!-- End of the generated key table. -->";
    private static final List<Class<?>> KEY_CLASSES = List.of(SocialKeys.class, EnrollmentKeys.class,
            WorkspaceKeys.class, WorkKeys.class, ErasureKeys.class, IdempotencyKeys.class);

    private static final Instant CREATED = Instant.parse("2026-03-01T10:00:00.123Z");
    private static final ProjectId PROJECT = ProjectId.parse("2026-0042");

    /** What an entity type is, in the table's words, and the keys its builders make, by builder. */
    private record Row(String what, Map<String, Object> samples) {
    }

    private static Row row(String what, Object... builderAndKey) {
        Map<String, Object> samples = new java.util.LinkedHashMap<>();
        for (int i = 0; i < builderAndKey.length; i += 2) {
            samples.put((String) builderAndKey[i], builderAndKey[i + 1]);
        }
        return new Row(what, samples);
    }

    private static Map<EntityType, Row> rows() {
        Map<EntityType, Row> rows = new EnumMap<>(EntityType.class);
        rows.put(EntityType.USER_PROFILE, row("a user's profile; the handle in keys is lower-cased",
                "SocialKeys.userProfile", SocialKeys.userProfile("ada"),
                "SocialKeys.userByHandle", SocialKeys.userByHandle("ada")));
        rows.put(EntityType.HANDLE_CLAIM, row("a handle's owner (uniqueness)",
                "SocialKeys.handleClaim", SocialKeys.handleClaim("ada")));
        rows.put(EntityType.POST, row("a post; `<month>` is `yyyy-mm`; no shard only on posts written before the "
                        + "timeline was sharded, until backfilled",
                "SocialKeys.post", SocialKeys.post("ada", "p1"),
                "SocialKeys.postTimeline", SocialKeys.postTimeline("2026-03", "p1", 16)));
        rows.put(EntityType.POST_DELETION, row("a deleted post whose comments are still being deleted",
                "SocialKeys.postDeletion", SocialKeys.postDeletion("ada", "p1")));
        rows.put(EntityType.COMMENT, row("a comment; on GSI1 under its author",
                "SocialKeys.comment", SocialKeys.comment("p1", "c1"),
                "SocialKeys.commentByAuthor", SocialKeys.commentByAuthor("grace", "c1")));
        rows.put(EntityType.MONTHLY_STATS, row("a user's counters of one month",
                "SocialKeys.monthlyStats", SocialKeys.monthlyStats("ada", "2026-03")));
        rows.put(EntityType.TIMELINE_MONTH, row("a month that holds posts",
                "SocialKeys.timelineMonth", SocialKeys.timelineMonth("2026-03")));
        rows.put(EntityType.STUDENT, row("a student", "EnrollmentKeys.student", EnrollmentKeys.student("grace")));
        rows.put(EntityType.COURSE, row("a course; on GSI2 in one write shard of its term's catalogue",
                "EnrollmentKeys.course", EnrollmentKeys.course("cs101"),
                "EnrollmentKeys.courseIndex", EnrollmentKeys.courseIndex("cs101"),
                "EnrollmentKeys.courseTermIndex", EnrollmentKeys.courseTermIndex("2026-fall", "cs101",
                        EnrollmentKeys.DEFAULT_CATALOGUE_SHARDS)));
        rows.put(EntityType.ENROLLMENT, row("an enrolment (the edge); the term is its course's",
                "EnrollmentKeys.enrollment", EnrollmentKeys.enrollment("grace", "cs101"),
                "EnrollmentKeys.enrollmentIndex", EnrollmentKeys.enrollmentIndex("cs101", "grace"),
                "the declaration's GSI2 key", EntityType.ENROLLMENT.keys().in(TableSchema.GSI2)
                        .build("grace", "2026-fall", "cs101")));
        rows.put(EntityType.WORKSPACE, row("a workspace's settings",
                "WorkspaceKeys.workspace", WorkspaceKeys.workspace("acme")));
        rows.put(EntityType.MEMBER, row("a member (the edge)",
                "WorkspaceKeys.member", WorkspaceKeys.member("acme", "ada"),
                "WorkspaceKeys.memberIndex", WorkspaceKeys.memberIndex("ada", "acme")));
        rows.put(EntityType.PROJECT, row("a project (id `YYYY-NNNN`, in a sort key 6 digits wide); no shard in an "
                        + "unsharded workspace",
                "WorkspaceKeys.project", WorkspaceKeys.project("acme", 4, PROJECT),
                "WorkspaceKeys.projectWorkspaceStatusIndex",
                WorkspaceKeys.projectWorkspaceStatusIndex("acme", 4, ProjectStatus.ACTIVE, PROJECT),
                "WorkspaceKeys.projectStatusIndex", WorkspaceKeys.projectStatusIndex(ProjectStatus.ACTIVE,
                        WorkspaceKeys.DEFAULT_PROJECT_STATUS_SHARDS, CREATED, "acme", PROJECT)));
        rows.put(EntityType.PROJECT_SEQUENCE, row("a workspace's project counter of one year",
                "WorkspaceKeys.projectSequence", WorkspaceKeys.projectSequence("acme", 2026)));
        rows.put(EntityType.IDEMPOTENCY, row("the answer of a create sent with an `Idempotency-Key` (TTL); the hash "
                        + "is the SHA-256 of caller, route and key",
                "IdempotencyKeys.record", IdempotencyKeys.record("ada", "POST /users", "k1")));
        rows.put(EntityType.ERASURE, row("an account's erasure: id and progress (TTL)",
                "ErasureKeys.record", ErasureKeys.record("ada")));
        rows.put(EntityType.WORK_ITEM, row("a task of pending work (a deletion, an erasure); shard = FNV-1a of "
                        + "`<kind>#<taskId>` mod 16; no shard only for tasks written before the work was sharded, "
                        + "until backfilled",
                "WorkKeys.task", WorkKeys.task("workspace", "delete-workspace", "acme"),
                "WorkKeys.legacyTask", WorkKeys.legacyTask("workspace", "delete-workspace", "acme")));
        return rows;
    }

    static String table() {
        List<String> lines = new ArrayList<>(List.of(BEGIN,
                "| `_type` | what | PK | SK | GSI1PK / GSI1SK | GSI2PK / GSI2SK |", "|---|---|---|---|---|---|"));
        Map<EntityType, Row> rows = rows();
        for (EntityType type : EntityType.values()) {
            EntityKeys keys = type.keys();
            lines.add("| `" + type.typeName() + "` | " + rows.get(type).what() + " | " + cell(keys.pk()) + " | "
                    + cell(keys.sk()) + " | " + index(keys, TableSchema.GSI1) + " | " + index(keys, TableSchema.GSI2)
                    + " |");
        }
        lines.add(END);
        return String.join("\n", lines);
    }

    private static String cell(KeyTemplate template) {
        return "`" + template + "`";
    }

    private static String index(EntityKeys keys, String indexName) {
        return keys.indexes().stream().filter(i -> i.indexName().equals(indexName))
                .map(i -> cell(i.pk()) + " / " + cell(i.sk())).findFirst().orElse("");
    }

    @Test
    void everyEntityTypeHasARowAndEveryKeyItsBuildersMakeIsReadBackByItsDeclaration() {
        Map<EntityType, Row> rows = rows();
        assertEquals(Set.of(EntityType.values()), rows.keySet(), "one row per EntityType");
        for (Map.Entry<EntityType, Row> row : rows.entrySet()) {
            EntityType type = row.getKey();
            Set<String> indexesMade = new TreeSet<>();
            for (Object sample : row.getValue().samples().values()) {
                if (sample instanceof ItemKey key) {
                    assertEquals(type, KeyDecoder.decode(key).type(), key + " is a " + type);
                } else {
                    IndexKey key = (IndexKey) sample;
                    assertTrue(KeyDecoder.decodeIndex(type, key).isPresent(), type + " declares " + key);
                    indexesMade.add(key.indexName());
                }
            }
            Set<String> declared = new TreeSet<>();
            type.keys().indexes().forEach(i -> declared.add(i.indexName()));
            assertEquals(declared, indexesMade, type + ": a builder makes each index key it declares");
        }
    }

    @Test
    void everyBuilderOfAnItemOrIndexKeyMakesASampleKey() {
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
        rows().values().forEach(row -> row.samples().keySet().stream()
                .filter(label -> label.matches("\\w+Keys\\.\\w+")).forEach(used::add));
        assertEquals(builders, used, "the builders of keys in common-keys, each making a sample key here");
    }

    @Test
    void designMdShowsTheGeneratedKeyTable() throws IOException {
        new GeneratedSection(DESIGN, BEGIN, END, "keys.table.write").assertShows(table());
    }
}
