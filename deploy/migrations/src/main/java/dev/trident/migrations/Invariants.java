package dev.trident.migrations;

import static dev.trident.migrations.StoredAttributes.AUTHOR_ID;
import static dev.trident.migrations.StoredAttributes.CAPACITY;
import static dev.trident.migrations.StoredAttributes.COMMENTS;
import static dev.trident.migrations.StoredAttributes.COMMENT_COUNT;
import static dev.trident.migrations.StoredAttributes.COURSE_TERM;
import static dev.trident.migrations.StoredAttributes.DELETE_COURSE;
import static dev.trident.migrations.StoredAttributes.DELETE_STUDENT;
import static dev.trident.migrations.StoredAttributes.DELETE_WORKSPACE;
import static dev.trident.migrations.StoredAttributes.DONE;
import static dev.trident.migrations.StoredAttributes.ENROLLED_COUNT;
import static dev.trident.migrations.StoredAttributes.ENROLLMENT;
import static dev.trident.migrations.StoredAttributes.ERASE_USER;
import static dev.trident.migrations.StoredAttributes.ERASURE_PARTS;
import static dev.trident.migrations.StoredAttributes.HANDLE;
import static dev.trident.migrations.StoredAttributes.LOCATION;
import static dev.trident.migrations.StoredAttributes.MEMBER_COUNT;
import static dev.trident.migrations.StoredAttributes.OWNER_COUNT;
import static dev.trident.migrations.StoredAttributes.OWNER_ROLE;
import static dev.trident.migrations.StoredAttributes.PENDING;
import static dev.trident.migrations.StoredAttributes.POSTS;
import static dev.trident.migrations.StoredAttributes.POST_AUTHOR_ID;
import static dev.trident.migrations.StoredAttributes.ROLE;
import static dev.trident.migrations.StoredAttributes.SEAT_LIMIT;
import static dev.trident.migrations.StoredAttributes.SEQ;
import static dev.trident.migrations.StoredAttributes.SHARDS;
import static dev.trident.migrations.StoredAttributes.SOCIAL;
import static dev.trident.migrations.StoredAttributes.STATUS;
import static dev.trident.migrations.StoredAttributes.TERM;
import static dev.trident.migrations.StoredAttributes.USER_ID;
import static dev.trident.migrations.StoredAttributes.WORKSPACE;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.EntityType;
import dev.trident.keys.ErasureKeys;
import dev.trident.keys.IndexKey;
import dev.trident.keys.InvalidKeyException;
import dev.trident.keys.ItemKey;
import dev.trident.keys.KeyDecoder;
import dev.trident.keys.Months;
import dev.trident.keys.ProjectId;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.TableSchema;
import dev.trident.keys.WorkKeys;
import dev.trident.keys.WorkspaceKeys;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The invariants of a Trident table, one method each, in the order {@link #checks()} runs them. Each reports one
 * line per violation: the invariant's name, the item's {@code PK/SK}, what is wrong. Counters are compared with the
 * items they count, edges with both their sides, index keys with what the services would write for the item (the
 * same common-keys functions their entity declarations call), claims with profiles, work with its age,
 * Idempotency-Key records with the item they created, and every key with the grammar.
 *
 * <p>A table read by a Scan is no snapshot: an item written while the Scan runs may be seen without the counter
 * moved with it. Run on a quiet table, or run again: a violation that stays is real. An orphan explained by work
 * still under way (a pending task, a PENDING erasure, a post deletion) is not reported while that work is younger
 * than the work age, and reported as "in progress" once it is older.
 */
final class Invariants {

    /** One invariant: its name (the first word of every line it reports) and the check. */
    record Check(String name, Consumer<Findings> run) {
    }

    /** Where one invariant's violations go, and its notes: states worth a look that a legitimate history explains. */
    static final class Findings {
        private final String invariant;
        private final List<String> lines = new ArrayList<>();
        private final List<String> notes = new ArrayList<>();

        Findings(String invariant) {
            this.invariant = invariant;
        }

        void add(AuditedItem item, String detail) {
            lines.add(invariant + " " + item.name() + " " + detail);
        }

        void add(ItemKey key, String detail) {
            lines.add(invariant + " " + key.pk() + "/" + key.sk() + " " + detail);
        }

        void note(AuditedItem item, String detail) {
            notes.add(invariant + " " + item.name() + " " + detail);
        }

        List<String> lines() {
            return lines.stream().sorted().toList();
        }

        List<String> notes() {
            return notes.stream().sorted().toList();
        }
    }

    /** What the checks found: the violations, then the notes, each grouped by invariant. */
    record Outcome(List<String> violations, List<String> notes) {
    }

    /** Work under way that explains a missing item: a task, an erasure record, a post deletion; since when. */
    private record InProgress(ItemKey by, Instant since) {
    }

    private final AuditedTable table;
    private final Instant now;
    private final Duration workAge;
    private final Instant oldWork;
    /** The layout's shard counts, by the name of the key input they are. */
    private final Map<String, String> layoutInputs;

    Invariants(AuditedTable table, Instant now, Duration workAge, TableAudit.IndexShards shards) {
        this.table = table;
        this.layoutInputs = Map.of(
                SocialKeys.TIMELINE_SHARDS_INPUT, Integer.toString(shards.timeline()),
                EnrollmentKeys.CATALOGUE_SHARDS_INPUT, Integer.toString(shards.catalogue()),
                WorkspaceKeys.STATUS_SHARDS_INPUT, Integer.toString(shards.projectStatus()));
        this.now = now;
        this.workAge = workAge;
        this.oldWork = now.minus(workAge);
    }

    List<Check> checks() {
        return List.of(
                // 1. counters against the items they count
                new Check("enrolledCount", this::enrolledCount),
                new Check("capacity", this::capacity),
                new Check("commentCount", this::commentCount),
                new Check("memberCount", this::memberCount),
                new Check("ownerCount", this::ownerCount),
                new Check("seats", this::seats),
                new Check("monthlyStats", this::monthlyStats),
                new Check("projectSequence", this::projectSequence),
                // 2. edges and children whose other side is gone
                new Check("orphanEnrollment", this::orphanEnrollment),
                new Check("enrollmentTerm", this::enrollmentTerm),
                new Check("orphanMember", this::orphanMember),
                new Check("orphanProject", this::orphanProject),
                new Check("orphanSequence", this::orphanSequence),
                new Check("orphanComment", this::orphanComment),
                new Check("orphanPost", this::orphanPost),
                // 3. index keys against their item
                new Check("indexKeys", this::indexKeys),
                new Check("projectPartition", this::projectPartition),
                new Check("timelineMonth", this::timelineMonth),
                new Check("workShard", this::workShard),
                // 4. handle claims against profiles
                new Check("handleClaim", this::handleClaim),
                new Check("profileClaim", this::profileClaim),
                // 5. work left undone
                new Check("pendingWork", this::pendingWork),
                new Check("pendingErasure", this::pendingErasure),
                new Check("pendingPostDeletion", this::pendingPostDeletion),
                // 6. Idempotency-Key records against what they created
                new Check("idempotencyRecord", this::idempotencyRecord),
                // 7. keys outside the grammar
                new Check("unknownKey", this::unknownKey),
                new Check("entityType", this::entityType));
    }

    /** Every check in order. */
    Outcome check() {
        List<String> lines = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (Check check : checks()) {
            Findings findings = new Findings(check.name());
            check.run().accept(findings);
            lines.addAll(findings.lines());
            notes.addAll(findings.notes());
        }
        return new Outcome(lines, notes);
    }

    // 1. Counters

    /** A course's {@code enrolledCount} is the number of enrolment edges to it. */
    void enrolledCount(Findings findings) {
        Map<String, Long> edges = countBy(EntityType.ENROLLMENT, edge -> edge.part(KeyDecoder.COURSE_ID));
        for (AuditedItem course : table.ofType(EntityType.COURSE)) {
            long counted = edges.getOrDefault(course.part(KeyDecoder.COURSE_ID), 0L);
            Long said = course.number(ENROLLED_COUNT);
            if (!Objects.equals(said, counted)) {
                findings.add(course, "says " + said(said) + ", " + count(counted, "edge"));
            }
        }
    }

    /** A course with a capacity never has more students than it. */
    void capacity(Findings findings) {
        for (AuditedItem course : table.ofType(EntityType.COURSE)) {
            Long capacity = course.number(CAPACITY);
            Long enrolled = course.number(ENROLLED_COUNT);
            if (capacity != null && enrolled != null && enrolled > capacity) {
                findings.add(course, "enrolledCount " + enrolled + " over capacity " + capacity);
            }
        }
    }

    /** A post's {@code commentCount} (absent: 0, as the service reads it) is the number of comments under it. */
    void commentCount(Findings findings) {
        Map<String, Long> comments = countBy(EntityType.COMMENT, comment -> comment.part(KeyDecoder.POST_ID));
        for (AuditedItem post : table.ofType(EntityType.POST)) {
            long counted = comments.getOrDefault(post.part(KeyDecoder.POST_ID), 0L);
            long said = Optional.ofNullable(post.number(COMMENT_COUNT)).orElse(0L);
            if (said != counted) {
                findings.add(post, "says " + said + ", " + count(counted, "comment"));
            }
        }
    }

    /**
     * A workspace's {@code memberCount} is its number of member edges. A META without one was stored before seats were
     * counted and not migrated: the service refuses to add or remove a member there until
     * {@code deploy/backfill-member-counts.sh} counts it.
     */
    void memberCount(Findings findings) {
        Map<String, Long> edges = countBy(EntityType.MEMBER, member -> member.part(KeyDecoder.WORKSPACE_ID));
        for (AuditedItem workspace : table.ofType(EntityType.WORKSPACE)) {
            Long said = workspace.number(MEMBER_COUNT);
            long counted = edges.getOrDefault(workspace.part(KeyDecoder.WORKSPACE_ID), 0L);
            if (said == null) {
                findings.add(workspace, "missing, " + count(counted, "member edge")
                        + " (run deploy/backfill-member-counts.sh)");
            } else if (said != counted) {
                findings.add(workspace, "says " + said + ", " + count(counted, "member edge"));
            }
        }
    }

    /**
     * A workspace's {@code ownerCount} is its number of member edges with role owner. A META without one was stored
     * before owners were counted and not migrated: the service refuses a change of its owners until
     * {@code deploy/backfill-member-counts.sh} counts them.
     */
    void ownerCount(Findings findings) {
        Map<String, Long> owners = new HashMap<>();
        for (AuditedItem member : table.ofType(EntityType.MEMBER)) {
            if (OWNER_ROLE.equals(member.text(ROLE))) {
                owners.merge(member.part(KeyDecoder.WORKSPACE_ID), 1L, Long::sum);
            }
        }
        for (AuditedItem workspace : table.ofType(EntityType.WORKSPACE)) {
            Long said = workspace.number(OWNER_COUNT);
            long counted = owners.getOrDefault(workspace.part(KeyDecoder.WORKSPACE_ID), 0L);
            if (said == null) {
                findings.add(workspace, "missing, " + count(counted, "owner edge")
                        + " (run deploy/backfill-member-counts.sh)");
            } else if (said != counted) {
                findings.add(workspace, "says " + said + ", " + count(counted, "owner edge"));
            }
        }
    }

    /**
     * Every member takes a seat: {@code memberCount} within {@code seatLimit}; where the count is missing (reported by
     * {@link #memberCount}), the edges.
     */
    void seats(Findings findings) {
        Map<String, Long> edges = countBy(EntityType.MEMBER, member -> member.part(KeyDecoder.WORKSPACE_ID));
        for (AuditedItem workspace : table.ofType(EntityType.WORKSPACE)) {
            Long limit = workspace.number(SEAT_LIMIT);
            Long taken = Optional.ofNullable(workspace.number(MEMBER_COUNT))
                    .orElse(edges.getOrDefault(workspace.part(KeyDecoder.WORKSPACE_ID), 0L));
            if (limit != null && taken > limit) {
                findings.add(workspace, "memberCount " + taken + " over seatLimit " + limit);
            }
        }
    }

    /**
     * A user's monthly stats count every post and comment written that month, and are never decremented (a deleted
     * post stays counted): so the counters are at least the posts and comments that month still holds. Exact
     * equality cannot be checked from the table.
     */
    void monthlyStats(Findings findings) {
        Map<ItemKey, long[]> counted = new HashMap<>();
        for (AuditedItem post : table.ofType(EntityType.POST)) {
            statsKey(post.part(KeyDecoder.USER_ID), post)
                    .ifPresent(key -> counted.computeIfAbsent(key, k -> new long[2])[0]++);
        }
        for (AuditedItem comment : table.ofType(EntityType.COMMENT)) {
            statsKey(comment.text(AUTHOR_ID), comment)
                    .ifPresent(key -> counted.computeIfAbsent(key, k -> new long[2])[1]++);
        }
        counted.forEach((key, written) -> {
            AuditedItem stats = table.get(key);
            String userId = SocialKeys.parseUserPk(key.pk());
            List<String> problems = new ArrayList<>();
            if (stats == null) {
                problems.add("missing, " + count(written[0], "post") + " and " + count(written[1], "comment")
                        + " that month");
            } else {
                long posts = Optional.ofNullable(stats.number(POSTS)).orElse(0L);
                long comments = Optional.ofNullable(stats.number(COMMENTS)).orElse(0L);
                if (posts < written[0]) {
                    problems.add("posts says " + posts + ", " + count(written[0], "post") + " that month");
                }
                if (comments < written[1]) {
                    problems.add("comments says " + comments + ", " + count(written[1], "comment") + " that month");
                }
            }
            for (String problem : problems) {
                orphan(findings, key, problem, erasure(userId, SOCIAL));
            }
        });
    }

    /** A workspace's {@code PROJSEQ#<year>} has handed out at least every project number of that year. */
    void projectSequence(Findings findings) {
        Map<ItemKey, ProjectId> highest = new HashMap<>();
        for (AuditedItem project : table.ofType(EntityType.PROJECT)) {
            String wsId = project.part(KeyDecoder.WORKSPACE_ID);
            if (!table.has(WorkspaceKeys.workspace(wsId))) {
                continue; // orphanProject's
            }
            ProjectId id = ProjectId.parse(project.part(KeyDecoder.PROJECT_ID));
            highest.merge(WorkspaceKeys.projectSequence(wsId, id.year()), id,
                    (a, b) -> a.compareTo(b) >= 0 ? a : b);
        }
        highest.forEach((key, project) -> {
            AuditedItem sequence = table.get(key);
            Long seq = sequence == null ? null : sequence.number(SEQ);
            if (sequence == null) {
                findings.add(key, "missing, highest project " + project);
            } else if (seq == null || seq < project.seq()) {
                findings.add(key, "says " + said(seq) + ", highest project " + project);
            }
        });
    }

    // 2. Orphans

    /** An enrolment edge has its student's profile and its course. */
    void orphanEnrollment(Findings findings) {
        for (AuditedItem edge : table.ofType(EntityType.ENROLLMENT)) {
            String studentId = edge.part(KeyDecoder.STUDENT_ID);
            String courseId = edge.part(KeyDecoder.COURSE_ID);
            ItemKey student = EnrollmentKeys.student(studentId);
            if (!table.has(student)) {
                orphan(findings, edge, "student " + name(student) + " missing",
                        task(ENROLLMENT, DELETE_STUDENT, studentId), erasure(studentId, ENROLLMENT));
            }
            ItemKey course = EnrollmentKeys.course(courseId);
            if (!table.has(course)) {
                orphan(findings, edge, "course " + name(course) + " missing",
                        task(ENROLLMENT, DELETE_COURSE, courseId));
            }
        }
    }

    /**
     * An enrolment edge's copy of the term is its course's term: the copy keys the student's term list (GSI2, checked
     * by indexKeys), and a course's term changes only while it has no enrolment. An edge without its course is
     * orphanEnrollment's.
     */
    void enrollmentTerm(Findings findings) {
        for (AuditedItem edge : table.ofType(EntityType.ENROLLMENT)) {
            ItemKey courseKey = EnrollmentKeys.course(edge.part(KeyDecoder.COURSE_ID));
            AuditedItem course = table.get(courseKey);
            if (course != null && !Objects.equals(course.text(TERM), edge.text(COURSE_TERM))) {
                findings.add(edge, COURSE_TERM + " " + orNone(edge.text(COURSE_TERM)) + ", course "
                        + name(courseKey) + " is in term " + orNone(course.text(TERM)));
            }
        }
    }

    /** A member edge has its workspace. */
    void orphanMember(Findings findings) {
        workspaceOrphans(findings, EntityType.MEMBER);
    }

    /** A project, on whichever shard, has its workspace. */
    void orphanProject(Findings findings) {
        workspaceOrphans(findings, EntityType.PROJECT);
    }

    /** A project sequence has its workspace. */
    void orphanSequence(Findings findings) {
        workspaceOrphans(findings, EntityType.PROJECT_SEQUENCE);
    }

    /**
     * Explained by the workspace's deletion, or by any erasure whose workspace part is pending: an erasure deletes a
     * workspace its account was the only member of, and once that edge is gone the table no longer says which.
     */
    private void workspaceOrphans(Findings findings, EntityType type) {
        for (AuditedItem item : table.ofType(type)) {
            String wsId = item.part(KeyDecoder.WORKSPACE_ID);
            ItemKey workspace = WorkspaceKeys.workspace(wsId);
            if (!table.has(workspace)) {
                orphan(findings, item, "workspace " + name(workspace) + " missing",
                        task(WORKSPACE, DELETE_WORKSPACE, wsId), anyErasure(WORKSPACE));
            }
        }
    }

    /** A comment has its post (named by the post's id in the key and its owner in {@code postAuthorId}). */
    void orphanComment(Findings findings) {
        for (AuditedItem comment : table.ofType(EntityType.COMMENT)) {
            String postId = comment.part(KeyDecoder.POST_ID);
            String owner = comment.text(POST_AUTHOR_ID);
            ItemKey post;
            try {
                post = SocialKeys.post(owner, postId);
            } catch (InvalidKeyException e) {
                findings.add(comment, "names no post owner (" + POST_AUTHOR_ID + ": " + e.reason() + ")");
                continue;
            }
            if (!table.has(post)) {
                orphan(findings, comment, "post " + name(post) + " missing", postDeletion(owner, postId),
                        erasure(owner, SOCIAL));
            }
        }
    }

    /** A post has its author's profile. */
    void orphanPost(Findings findings) {
        for (AuditedItem post : table.ofType(EntityType.POST)) {
            String userId = post.part(KeyDecoder.USER_ID);
            ItemKey profile = SocialKeys.userProfile(userId);
            if (!table.has(profile)) {
                orphan(findings, post, "profile " + name(profile) + " missing", erasure(userId, SOCIAL));
            }
        }
    }

    // 3. Index keys

    /**
     * GSI1 and GSI2 keys are what the services write for the item's type and attributes: present where the type has
     * them, equal to the recomputed ones, absent where it has none. A project needs its workspace's shard count: one
     * without its workspace is orphanProject's.
     */
    void indexKeys(Findings findings) {
        for (EntityType type : EntityType.values()) {
            for (AuditedItem item : table.ofType(type)) {
                Map<String, IndexKey> expected;
                try {
                    expected = expectedIndexKeys(item);
                } catch (IllegalArgumentException | DateTimeException e) {
                    findings.add(item, "index keys cannot be recomputed: " + e.getMessage());
                    continue;
                }
                if (expected == null) {
                    continue;
                }
                for (String index : List.of(TableSchema.GSI1, TableSchema.GSI2)) {
                    String storedPk = item.text(TableSchema.partitionKeyOf(index));
                    String storedSk = item.text(TableSchema.sortKeyOf(index));
                    IndexKey want = expected.get(index);
                    boolean same = want == null ? storedPk == null && storedSk == null
                            : want.pk().equals(storedPk) && want.sk().equals(storedSk);
                    if (!same) {
                        String stored = storedPk == null && storedSk == null ? "missing"
                                : "is " + orNone(storedPk) + "/" + orNone(storedSk);
                        findings.add(item, index + " " + stored + ", expected "
                                + (want == null ? "none" : want.pk() + "/" + want.sk())
                                + (unmigratedProject(item, index, storedPk, storedSk)
                                        ? " (run deploy/backfill-project-index.sh)" : "")
                                + (unshardedPost(item, index, storedPk)
                                        ? " (run deploy/backfill-timeline-shards.sh)" : ""));
                    }
                }
            }
        }
    }

    /** A project stored before the per-workspace status index: what deploy/backfill-project-index.sh gives keys. */
    private static boolean unmigratedProject(AuditedItem item, String index, String storedPk, String storedSk) {
        return item.type() == EntityType.PROJECT && index.equals(TableSchema.GSI1)
                && (storedPk == null || storedSk == null);
    }

    /**
     * A task is in the work shard its kind and id hash to. One in the unsharded {@code WORK#<service>} was written
     * before the work was sharded: no poll reads it and no create's reservation check sees it until
     * deploy/backfill-work-shards.sh moves it.
     */
    void workShard(Findings findings) {
        for (AuditedItem task : table.ofType(EntityType.WORK_ITEM)) {
            WorkKeys.WorkPartition partition = WorkKeys.parsePartition(task.key().pk());
            WorkKeys.Task parsed = WorkKeys.parseTaskSk(task.key().sk());
            String expected = WorkKeys.task(partition.service(), parsed.kind(), parsed.id()).pk();
            if (partition.legacy()) {
                findings.add(task, "in the unsharded partition, belongs in " + expected
                        + " (run deploy/backfill-work-shards.sh)");
            } else if (!WorkKeys.inItsShard(task.key())) {
                findings.add(task, "belongs in " + expected);
            }
        }
    }

    /** A project is on the partition its id hashes to for its workspace's shard count. */
    void projectPartition(Findings findings) {
        for (AuditedItem project : table.ofType(EntityType.PROJECT)) {
            String wsId = project.part(KeyDecoder.WORKSPACE_ID);
            Integer shards = shardsOf(wsId);
            if (shards == null) {
                continue;
            }
            ItemKey expected;
            try {
                expected = WorkspaceKeys.project(wsId, shards, ProjectId.parse(project.part(KeyDecoder.PROJECT_ID)));
            } catch (InvalidKeyException e) {
                findings.add(project, "workspace " + name(WorkspaceKeys.workspace(wsId)) + " has shards " + shards
                        + " (" + e.reason() + ")");
                continue;
            }
            if (!expected.pk().equals(project.key().pk())) {
                findings.add(project, "belongs in " + expected.pk() + " (" + shards + " shards)");
            }
        }
    }

    /** Every month that holds a post is listed in the timeline's month index, which the timeline walks. */
    void timelineMonth(Findings findings) {
        Map<String, Long> posts = new HashMap<>();
        for (AuditedItem post : table.ofType(EntityType.POST)) {
            Instant createdAt = post.createdAt();
            if (createdAt != null) {
                posts.merge(Months.of(createdAt), 1L, Long::sum);
            }
        }
        posts.forEach((month, inMonth) -> {
            ItemKey listed = SocialKeys.timelineMonth(month);
            if (!table.has(listed)) {
                findings.add(listed, "missing, " + count(inMonth, "post") + " that month");
            }
        });
    }

    // 4. Handle claims

    /** A claim names a profile that exists and holds that handle. */
    void handleClaim(Findings findings) {
        for (AuditedItem claim : table.ofType(EntityType.HANDLE_CLAIM)) {
            String userId = claim.text(USER_ID);
            ItemKey profileKey;
            try {
                profileKey = SocialKeys.userProfile(userId);
            } catch (InvalidKeyException e) {
                findings.add(claim, "names no profile (" + USER_ID + ": " + e.reason() + ")");
                continue;
            }
            AuditedItem profile = table.get(profileKey);
            if (profile == null) {
                orphan(findings, claim, "profile " + name(profileKey) + " missing", erasure(userId, SOCIAL));
            } else if (!claim.part(KeyDecoder.HANDLE).equals(canonicalHandle(profile.text(HANDLE)))) {
                findings.add(claim, "profile " + name(profileKey) + " has handle " + profile.text(HANDLE));
            }
        }
    }

    /** A profile's handle is claimed, by that profile. */
    void profileClaim(Findings findings) {
        for (AuditedItem profile : table.ofType(EntityType.USER_PROFILE)) {
            String userId = profile.part(KeyDecoder.USER_ID);
            String handle = canonicalHandle(profile.text(HANDLE));
            if (handle == null) {
                findings.add(profile, "has no valid handle (" + orNone(profile.text(HANDLE)) + ")");
                continue;
            }
            ItemKey claimKey = SocialKeys.handleClaim(handle);
            AuditedItem claim = table.get(claimKey);
            if (claim == null) {
                orphan(findings, profile, "claim " + name(claimKey) + " missing", erasure(userId, SOCIAL));
            } else if (!userId.equals(claim.text(USER_ID))) {
                findings.add(profile, "claim " + name(claimKey) + " names user " + orNone(claim.text(USER_ID)));
            }
        }
    }

    // 5. Work left undone

    /** A task in a pending-work partition is done (and deleted) within the work age. */
    void pendingWork(Findings findings) {
        for (AuditedItem task : table.ofType(EntityType.WORK_ITEM)) {
            if (!fresh(task.createdAt())) {
                Long attempts = task.number(StoredAttributes.ATTEMPTS);
                findings.add(task, requested(task) + (attempts == null || attempts == 0 ? ""
                        : ", " + attempts + " attempts"));
            }
        }
    }

    /**
     * An erasure is DONE within the work age. A record with any other status (none, or one the services never write)
     * is not done either: it is reported with the status it has.
     */
    void pendingErasure(Findings findings) {
        for (AuditedItem erasure : table.ofType(EntityType.ERASURE)) {
            String status = erasure.text(STATUS);
            if (!DONE.equals(status) && !fresh(erasure.createdAt())) {
                List<String> parts = ERASURE_PARTS.stream().filter(part -> partPending(erasure, part)).toList();
                findings.add(erasure, requested(erasure) + ", parts pending: "
                        + (parts.isEmpty() ? "none" : String.join(", ", parts))
                        + (PENDING.equals(status) ? "" : ", status " + orNone(status)));
            }
        }
    }

    /** A deleted post's comments are gone, and its deletion record with them, within the work age. */
    void pendingPostDeletion(Findings findings) {
        for (AuditedItem deletion : table.ofType(EntityType.POST_DELETION)) {
            if (!fresh(deletion.createdAt())) {
                findings.add(deletion, requested(deletion));
            }
        }
    }

    // 6. Idempotency-Key records

    /**
     * A live Idempotency-Key record's Location names an item the route creates (a violation otherwise). Whether
     * that item still exists is a note, not a violation: the record is written in the create's own transaction, but
     * the item may rightly have been deleted since, and nothing in the table tells which.
     */
    void idempotencyRecord(Findings findings) {
        for (AuditedItem record : table.ofType(EntityType.IDEMPOTENCY)) {
            Long expiresAt = record.number(TableSchema.EXPIRES_AT);
            if (expiresAt != null && expiresAt <= now.getEpochSecond()) {
                continue; // expired: absent for the services, whether or not TTL has deleted it yet
            }
            String location = record.text(LOCATION);
            Optional<ItemKey> created = createdItem(location);
            if (created.isEmpty()) {
                findings.add(record, "location " + orNone(location) + " names no created item");
            } else if (!table.has(created.get())) {
                findings.note(record, "created item " + name(created.get()) + " missing (location " + location
                        + "): deleted since, or never written");
            }
        }
    }

    // 7. Keys

    /** Every key is one an entity type makes. */
    void unknownKey(Findings findings) {
        for (AuditedItem item : table.undecodable()) {
            Optional<EntityType> shape = EntityType.classify(item.key());
            findings.add(item, shape.map(type -> "has a " + type.typeName() + " key's prefixes, but "
                    + item.undecodable()).orElse("no entity type makes this key"));
        }
    }

    /** Every item's {@code _type} is the entity type its key decodes to. */
    void entityType(Findings findings) {
        for (EntityType type : EntityType.values()) {
            for (AuditedItem item : table.ofType(type)) {
                String stored = item.text(TableSchema.TYPE);
                if (!type.typeName().equals(stored)) {
                    findings.add(item, TableSchema.TYPE + " " + (stored == null ? "missing" : "is " + stored)
                            + ", the key is a " + type.typeName() + "'s");
                }
            }
        }
    }

    // What the services write

    /**
     * A post whose GSI2 key is the month's timeline partition from before sharding, or a shard under another shard
     * count: the timeline backfill re-keys it.
     */
    private static boolean unshardedPost(AuditedItem item, String index, String storedPk) {
        if (item.type() != EntityType.POST || !TableSchema.GSI2.equals(index) || storedPk == null) {
            return false;
        }
        try {
            SocialKeys.parseTimelinePk(storedPk);
            return true;
        } catch (InvalidKeyException e) {
            return false;
        }
    }

    /**
     * The index keys the services write for this item, by index name, made from its type's key declaration in
     * common-keys as the services' EntitySchemas make them (each part from the item's key, else its attribute of
     * that name), with the layout's shard counts; null when they cannot be known (a project without its workspace).
     * Every part the declaration reads must be there: a missing one is an {@link IllegalArgumentException} naming
     * it.
     */
    private Map<String, IndexKey> expectedIndexKeys(AuditedItem item) {
        Integer workspaceShards = item.type() == EntityType.PROJECT
                ? shardsOf(item.part(KeyDecoder.WORKSPACE_ID)) : null;
        if (item.type() == EntityType.PROJECT && workspaceShards == null) {
            return null;
        }
        Map<String, IndexKey> byIndex = new HashMap<>();
        for (IndexKey key : item.type().keys().indexKeys(name -> {
            String input = WorkspaceKeys.WORKSPACE_SHARDS_INPUT.equals(name) && workspaceShards != null
                    ? workspaceShards.toString() : layoutInputs.get(name);
            String value = item.part(name) != null ? item.part(name)
                    : item.text(name) != null ? item.text(name) : input;
            if (value == null) {
                throw new IllegalArgumentException(name + " missing");
            }
            return value;
        })) {
            byIndex.put(key.indexName(), key);
        }
        return byIndex;
    }

    /** A workspace's shard count (absent: 1, as the service reads it); null when the workspace is gone. */
    private Integer shardsOf(String wsId) {
        AuditedItem workspace = table.get(WorkspaceKeys.workspace(wsId));
        if (workspace == null) {
            return null;
        }
        Long shards = workspace.number(SHARDS);
        return shards == null ? 1 : shards.intValue();
    }

    private static String canonicalHandle(String handle) {
        try {
            return SocialKeys.canonicalHandle(handle);
        } catch (InvalidKeyException e) {
            return null;
        }
    }

    /** The stats item a post or comment by {@code userId} counts in, if both are readable. */
    private static Optional<ItemKey> statsKey(String userId, AuditedItem written) {
        Instant createdAt = written.createdAt();
        if (createdAt == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(SocialKeys.monthlyStats(userId, Months.of(createdAt)));
        } catch (InvalidKeyException e) {
            return Optional.empty();
        }
    }

    /**
     * The item a create answered with this Location path (the services' own routes): a profile, post, comment,
     * enrolment edge, workspace or project. A project's key depends on its workspace's shard count, which the path
     * does not carry: it is found by workspace and id ({@link #projectKey}).
     */
    private Optional<ItemKey> createdItem(String location) {
        if (location == null || !location.startsWith("/")) {
            return Optional.empty();
        }
        String[] path = location.substring(1).split("/", -1);
        try {
            return Optional.ofNullable(switch (path.length) {
                case 2 -> switch (path[0]) {
                    case "users" -> SocialKeys.userProfile(path[1]);
                    case "workspaces" -> WorkspaceKeys.workspace(path[1]);
                    default -> null;
                };
                case 4 -> switch (path[0] + "/" + path[2]) {
                    case "users/posts" -> SocialKeys.post(path[1], path[3]);
                    case "students/courses" -> EnrollmentKeys.enrollment(path[1], path[3]);
                    case "workspaces/projects" -> projectKey(path[1], ProjectId.parse(path[3]));
                    default -> null;
                };
                case 6 -> "users".equals(path[0]) && "posts".equals(path[2]) && "comments".equals(path[4])
                        ? SocialKeys.comment(path[3], path[5]) : null;
                default -> null;
            });
        } catch (InvalidKeyException e) {
            return Optional.empty();
        }
    }

    /** The project's key where it is stored; when it is nowhere, where its workspace (or an unsharded one) keeps it. */
    private ItemKey projectKey(String wsId, ProjectId id) {
        AuditedItem project = table.project(wsId, id);
        if (project != null) {
            return project.key();
        }
        Integer shards = shardsOf(wsId);
        return WorkspaceKeys.project(wsId, shards == null ? 1 : shards, id);
    }

    // Work under way

    /** Whether work that started at {@code since} is younger than the work age (unknown: old). */
    private boolean fresh(Instant since) {
        return since != null && since.isAfter(oldWork);
    }

    /**
     * Reports a missing other side, unless work under way explains it: not at all while the youngest explanation is
     * younger than the work age, as "in progress" once it is older.
     */
    @SafeVarargs
    private void orphan(Findings findings, AuditedItem item, String detail, Optional<InProgress>... explanations) {
        orphan(findings, item.key(), detail, explanations);
    }

    @SafeVarargs
    private void orphan(Findings findings, ItemKey key, String detail, Optional<InProgress>... explanations) {
        Optional<InProgress> youngest = Stream.of(explanations).flatMap(Optional::stream)
                .max(Comparator.comparing(InProgress::since, Comparator.nullsFirst(Comparator.naturalOrder())));
        if (youngest.isEmpty()) {
            findings.add(key, detail);
        } else if (!fresh(youngest.get().since())) {
            findings.add(key, detail + ", in progress since " + orNone(youngest.get().since()) + " ("
                    + name(youngest.get().by()) + ")");
        }
    }

    /**
     * The pending task {@code WORK#<service>#<shard>/TASK#<kind>#<id>}, or one still in the unsharded
     * {@code WORK#<service>} (written before the work was sharded), if there is one.
     */
    private Optional<InProgress> task(String service, String kind, String id) {
        try {
            return Stream.of(WorkKeys.task(service, kind, id), WorkKeys.legacyTask(service, kind, id))
                    .map(table::get).filter(Objects::nonNull)
                    .map(task -> new InProgress(task.key(), task.createdAt()))
                    .max(Comparator.comparing(InProgress::since, Comparator.nullsFirst(Comparator.naturalOrder())));
        } catch (InvalidKeyException e) {
            return Optional.empty();
        }
    }

    /** An erasure of {@code userId} whose {@code part} is still to do: its PENDING record or that part's task. */
    private Optional<InProgress> erasure(String userId, String part) {
        Optional<InProgress> record;
        try {
            record = Optional.ofNullable(table.get(ErasureKeys.record(userId)))
                    .filter(erasure -> PENDING.equals(erasure.text(STATUS)) && partPending(erasure, part))
                    .map(erasure -> new InProgress(erasure.key(), erasure.createdAt()));
        } catch (InvalidKeyException e) {
            return Optional.empty();
        }
        Optional<InProgress> task = task(part, ERASE_USER, userId);
        return Stream.of(record, task).flatMap(Optional::stream)
                .max(Comparator.comparing(InProgress::since, Comparator.nullsFirst(Comparator.naturalOrder())));
    }

    /** The youngest erasure of any account whose {@code part} is still to do. */
    private Optional<InProgress> anyErasure(String part) {
        Stream<InProgress> records = table.ofType(EntityType.ERASURE).stream()
                .filter(erasure -> PENDING.equals(erasure.text(STATUS)) && partPending(erasure, part))
                .map(erasure -> new InProgress(erasure.key(), erasure.createdAt()));
        Stream<InProgress> tasks = table.ofType(EntityType.WORK_ITEM).stream()
                .filter(task -> WorkKeys.parseWorkPartition(task.key().pk()).equals(part)
                        && WorkKeys.parseTaskSk(task.key().sk()).kind().equals(ERASE_USER))
                .map(task -> new InProgress(task.key(), task.createdAt()));
        return Stream.concat(records, tasks)
                .max(Comparator.comparing(InProgress::since, Comparator.nullsFirst(Comparator.naturalOrder())));
    }

    /** The owner's unfinished deletion of a post ({@code DELPOST#}), if there is one. */
    private Optional<InProgress> postDeletion(String userId, String postId) {
        return Optional.ofNullable(table.get(SocialKeys.postDeletion(userId, postId)))
                .map(deletion -> new InProgress(deletion.key(), deletion.createdAt()));
    }

    private static boolean partPending(AuditedItem erasure, String part) {
        String status = erasure.text(StoredAttributes.erasurePartStatus(part));
        return status == null || PENDING.equals(status);
    }

    // Wording

    private String requested(AuditedItem work) {
        Instant since = work.createdAt();
        return (since == null ? "requested at an unknown time" : "requested " + since) + ", older than " + workAge;
    }

    private Map<String, Long> countBy(EntityType type, Function<AuditedItem, String> group) {
        Map<String, Long> counts = new HashMap<>();
        for (AuditedItem item : table.ofType(type)) {
            counts.merge(group.apply(item), 1L, Long::sum);
        }
        return counts;
    }

    private static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private static String said(Long value) {
        return value == null ? "nothing" : value.toString();
    }

    private static String name(ItemKey key) {
        return key.pk() + "/" + key.sk();
    }

    private static String orNone(Object value) {
        return value == null ? "(none)" : value.toString();
    }
}
