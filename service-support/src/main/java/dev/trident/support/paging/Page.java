package dev.trident.support.paging;

import java.util.List;
import java.util.function.Function;

/** One page of a list: never empty while {@code nextCursor} is non-null. */
public record Page<T>(List<T> items, String nextCursor) {

    public <R> Page<R> map(Function<? super T, ? extends R> mapper) {
        return new Page<>(items.stream().<R>map(mapper).toList(), nextCursor);
    }
}
