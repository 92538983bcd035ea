package dev.trident.support.validation;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.ElementType.PARAMETER;
import static java.lang.annotation.ElementType.TYPE_USE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * An id in the key grammar of common-keys ({@code Ids}), checked once at the edge: put it on a path parameter or
 * a body field and the code behind it receives only valid ids. A violation is a 400 problem naming the field, in
 * the same words as {@code Ids.require}.
 */
@Documented
@Constraint(validatedBy = ValidIdValidator.class)
@Target({ PARAMETER, FIELD, TYPE_USE })
@Retention(RUNTIME)
public @interface ValidId {

    /** Null means the message of the rule the value broke. */
    String message() default "";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    /** Whether an absent (null) value is valid, for optional fields; an empty string never is. */
    boolean optional() default false;
}
