package dev.trident.keys.pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.AccessPattern;
import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.WorkspaceKeys;
import org.junit.jupiter.api.Test;

class CursorScopeTest {

    @Test
    void aListsScopeIsItsDeclaredNameThenWhatTheListIsOf() {
        // The spellings every cursor in the wild was signed for: a change here would refuse them all.
        assertEquals("social:posts:u1", SocialKeys.USER_POSTS.cursorScope("u1"));
        assertEquals("social:comments:u1:p1", SocialKeys.POST_COMMENTS.cursorScope("u1", "p1"));
        assertEquals("social:timeline", SocialKeys.TIMELINE.cursorScope());
        assertEquals("enrollment:student-courses:s1", EnrollmentKeys.STUDENT_COURSES.cursorScope("s1"));
        assertEquals("enrollment:student-term-courses:s1:2026-S1",
                EnrollmentKeys.STUDENT_TERM_COURSES.cursorScope("s1", "2026-S1"));
        assertEquals("enrollment:roster:c1", EnrollmentKeys.COURSE_ROSTER.cursorScope("c1"));
        assertEquals("enrollment:term-catalogue:2026-S1:shards=8",
                EnrollmentKeys.COURSE_CATALOGUE.cursorScope("2026-S1", "shards=8"));
        assertEquals("workspace:projects:w1:shards=4",
                WorkspaceKeys.WORKSPACE_PROJECTS.cursorScope("w1", "shards=4"));
        assertEquals("workspace:projects:w1:status=ACTIVE:shards=4",
                WorkspaceKeys.WORKSPACE_PROJECTS_BY_STATUS.cursorScope("w1", "status=ACTIVE", "shards=4"));
        assertEquals("workspace:projects-by-status:ACTIVE:shards=8",
                WorkspaceKeys.PROJECTS_BY_STATUS.cursorScope("ACTIVE", "shards=8"));
        assertEquals("workspace:stack:w1:shards=4",
                WorkspaceKeys.WORKSPACE_WITH_PROJECTS.cursorScope("w1", "shards=4"));
        assertEquals("workspace:members:w1", WorkspaceKeys.WORKSPACE_MEMBERS.cursorScope("w1"));
        assertEquals("workspace:of-user:u1", WorkspaceKeys.WORKSPACES_OF_USER.cursorScope("u1"));
    }

    @Test
    void aRoutesFirstPageAndItsListRouteShareOneScope() {
        assertEquals(SocialKeys.USER_POSTS.cursorScope("u1"),
                SocialKeys.USER_WITH_NEWEST_POSTS.cursorScope("u1"));
        assertEquals(EnrollmentKeys.STUDENT_COURSES.cursorScope("s1"),
                EnrollmentKeys.STUDENT_WITH_COURSES.cursorScope("s1"));
        assertEquals(EnrollmentKeys.COURSE_ROSTER.cursorScope("c1"),
                EnrollmentKeys.COURSE_WITH_STUDENTS.cursorScope("c1"));
    }

    @Test
    void onlyAReadPagesAndOnlyUnderAServiceAndListName() {
        assertFalse(SocialKeys.POST.isPaged());
        assertTrue(SocialKeys.TIMELINE.isPaged());
        assertThrows(IllegalStateException.class, () -> SocialKeys.POST.cursorScope("u1"));
        assertThrows(IllegalArgumentException.class, () -> AccessPattern.named("a-write").pagedAs("social:write"));
        assertThrows(IllegalArgumentException.class,
                () -> AccessPattern.reads("a-read", SocialKeys.USER_COLLECTION).pagedAs("no-service"));
    }
}
