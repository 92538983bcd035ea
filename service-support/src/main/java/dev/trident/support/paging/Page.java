package dev.trident.support.paging;

import java.util.List;
import java.util.function.Function;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** One page of a list: never empty while {@code nextCursor} is non-null. */
public record Page<T>(List<T> items,
        @Schema(description = "Where the next page starts (send as ?cursor=); null on the last page",
                examples = "eyJrIjoiUE9TVCMwMUpUQjhaSzNWIn0.c2lnbmF0dXJl", nullable = true)
        String nextCursor) {

    public <R> Page<R> map(Function<? super T, ? extends R> mapper) {
        return new Page<>(items.stream().<R>map(mapper).toList(), nextCursor);
    }
}
