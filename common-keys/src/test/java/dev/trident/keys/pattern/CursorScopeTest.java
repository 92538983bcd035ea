package dev.trident.keys.pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.ItemCollection;
import org.junit.jupiter.api.Test;

class CursorScopeTest {

    @Test
    void aListsScopeIsItsDeclaredNameThenWhatTheListIsOf() {
        // The spellings every cursor in the wild was signed for: a change here would refuse them all.
        assertEquals("social:posts:u1", SocialPatterns.USER_POSTS.cursorScope("u1"));
        assertEquals("social:comments:u1:p1", SocialPatterns.POST_COMMENTS.cursorScope("u1", "p1"));
        assertEquals("social:timeline", SocialPatterns.TIMELINE.cursorScope());
        assertEquals("enrollment:student-courses:s1", EnrollmentPatterns.STUDENT_COURSES.cursorScope("s1"));
        assertEquals("enrollment:student-term-courses:s1:2026-S1",
                EnrollmentPatterns.STUDENT_TERM_COURSES.cursorScope("s1", "2026-S1"));
        assertEquals("enrollment:roster:c1", EnrollmentPatterns.COURSE_ROSTER.cursorScope("c1"));
        assertEquals("enrollment:term-catalogue:2026-S1:shards=8",
                EnrollmentPatterns.COURSE_CATALOGUE.cursorScope("2026-S1", "shards=8"));
        assertEquals("workspace:projects:w1:shards=4",
                WorkspacePatterns.WORKSPACE_PROJECTS.cursorScope("w1", "shards=4"));
        assertEquals("workspace:projects:w1:status=ACTIVE:shards=4",
                WorkspacePatterns.WORKSPACE_PROJECTS_BY_STATUS.cursorScope("w1", "status=ACTIVE", "shards=4"));
        assertEquals("workspace:projects-by-status:ACTIVE:shards=8",
                WorkspacePatterns.PROJECTS_BY_STATUS.cursorScope("ACTIVE", "shards=8"));
        assertEquals("workspace:stack:w1:shards=4",
                WorkspacePatterns.WORKSPACE_WITH_PROJECTS.cursorScope("w1", "shards=4"));
        assertEquals("workspace:members:w1", WorkspacePatterns.WORKSPACE_MEMBERS.cursorScope("w1"));
        assertEquals("workspace:of-user:u1", WorkspacePatterns.WORKSPACES_OF_USER.cursorScope("u1"));
    }

    @Test
    void aRoutesFirstPageAndItsListRouteShareOneScope() {
        assertEquals(SocialPatterns.USER_POSTS.cursorScope("u1"),
                SocialPatterns.USER_WITH_NEWEST_POSTS.cursorScope("u1"));
        assertEquals(EnrollmentPatterns.STUDENT_COURSES.cursorScope("s1"),
                EnrollmentPatterns.STUDENT_WITH_COURSES.cursorScope("s1"));
        assertEquals(EnrollmentPatterns.COURSE_ROSTER.cursorScope("c1"),
                EnrollmentPatterns.COURSE_WITH_STUDENTS.cursorScope("c1"));
    }

    @Test
    void onlyAReadPagesAndOnlyUnderAServiceAndListName() {
        assertFalse(SocialPatterns.POST.isPaged());
        assertTrue(SocialPatterns.TIMELINE.isPaged());
        assertThrows(IllegalStateException.class, () -> SocialPatterns.POST.cursorScope("u1"));
        assertThrows(IllegalArgumentException.class, () -> AccessPattern.named("a-write").pagedAs("social:write"));
        assertThrows(IllegalArgumentException.class,
                () -> AccessPattern.reads("a-read", ItemCollection.USER).pagedAs("no-service"));
    }
}
