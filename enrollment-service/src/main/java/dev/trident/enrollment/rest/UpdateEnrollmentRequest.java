package dev.trident.enrollment.rest;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

/** Body of {@code PATCH /students/{sid}/courses/{cid}}: a letter grade, pass/no-pass, incomplete or withdrawn. */
public record UpdateEnrollmentRequest(
        @NotNull @Pattern(regexp = GRADES, message = "must be one of A+ A A- B+ B B- C+ C C- D+ D D- F P NP I W")
        String grade) {

    static final String GRADES = "[A-D][+-]?|F|P|NP|I|W";
}
