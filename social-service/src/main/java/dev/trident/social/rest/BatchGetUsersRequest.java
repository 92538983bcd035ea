package dev.trident.social.rest;

import dev.trident.support.validation.ValidId;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.List;

/** Body of {@code POST /users/batch-get}: 1..100 ids, each in the id grammar ({@code ids[i]} named on a 400). */
public record BatchGetUsersRequest(
        @NotNull @Size(min = 1, max = 100) List<@NotNull @ValidId(optional = true) String> ids) {
}
