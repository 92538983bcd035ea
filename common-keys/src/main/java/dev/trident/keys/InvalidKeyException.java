package dev.trident.keys;

/** A key part (client id, month, status...) is malformed; services answer 400 with {field, message}. */
public class InvalidKeyException extends IllegalArgumentException {
    private final String field;

    public InvalidKeyException(String field, String message) {
        super(field + ": " + message);
        this.field = field;
    }

    public String field() {
        return field;
    }

    /** The message without the field prefix, for a {field, message} error entry. */
    public String reason() {
        String m = getMessage();
        return m.substring(field.length() + 2);
    }
}
