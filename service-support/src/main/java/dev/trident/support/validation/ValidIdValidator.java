package dev.trident.support.validation;

import dev.trident.keys.Ids;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;

/** {@link ValidId}: the id grammar of common-keys, with its own words for what is wrong. */
public class ValidIdValidator implements ConstraintValidator<ValidId, String> {

    private boolean optional;
    private String message;

    @Override
    public void initialize(ValidId annotation) {
        optional = annotation.optional();
        message = annotation.message();
    }

    @Override
    public boolean isValid(String value, ConstraintValidatorContext context) {
        if (value == null && optional) {
            return true;
        }
        String violation = Ids.violation(value);
        if (violation == null) {
            return true;
        }
        context.disableDefaultConstraintViolation();
        context.buildConstraintViolationWithTemplate(message.isEmpty() ? escape(violation) : message)
                .addConstraintViolation();
        return false;
    }

    /** The words become a message template: braces and dollars are literal here. */
    private static String escape(String text) {
        return text.replace("\\", "\\\\").replace("{", "\\{").replace("}", "\\}").replace("$", "\\$");
    }
}
