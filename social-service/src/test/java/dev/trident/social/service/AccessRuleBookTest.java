package dev.trident.social.service;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.trident.support.problem.ProblemException;
import dev.trident.support.security.Caller;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The rules of {@link AccessRules} on their own; {@code AccessRulesTest} proves them through the API. */
class AccessRuleBookTest {

    private static Caller caller(String subject, String... roles) {
        return new Caller(subject, Set.of(roles), "Bearer t");
    }

    @Test
    void theCallersIdIsTheTokensSubject() {
        assertEquals("ann", AccessRules.callerId(caller("ann")));
    }

    @Test
    void aSubjectOutsideTheIdGrammarOwnsNothing() {
        ProblemException e = assertThrows(ProblemException.class, () -> AccessRules.callerId(caller("a#b")));
        assertEquals(403, e.status());
        assertEquals("the token's subject cannot be a user id: sub: must start with a letter or digit and contain "
                + "only letters, digits, '.', '_' or '-'", e.getMessage());
        assertThrows(ProblemException.class, () -> AccessRules.requireSelf(caller(null), "ann"));
    }

    @Test
    void onlyTheUserThemselvesChangesWhatIsTheirs() {
        assertDoesNotThrow(() -> AccessRules.requireSelf(caller("ann"), "ann"));
        ProblemException e = assertThrows(ProblemException.class, () -> AccessRules.requireSelf(caller("bob"), "ann"));
        assertEquals(403, e.status());
        assertEquals("user bob may not change what belongs to user ann", e.getMessage());
    }

    @Test
    void noRoleOverridesOwnership() {
        assertThrows(ProblemException.class,
                () -> AccessRules.requireSelf(caller("bob", Caller.ADMIN, Caller.REGISTRAR, Caller.INSTRUCTOR), "ann"));
    }

    @Test
    void idsAreCaseSensitive() {
        assertThrows(ProblemException.class, () -> AccessRules.requireSelf(caller("Ann"), "ann"));
    }
}
