package dev.trident.keys.cursor;

/** A cursor that cannot be honoured; the message is safe to show to clients (services answer 400). */
public class InvalidCursorException extends IllegalArgumentException {
    public InvalidCursorException(String message) {
        super(message);
    }
}
