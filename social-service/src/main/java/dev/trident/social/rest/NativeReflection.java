package dev.trident.social.rest;

import dev.trident.social.model.Comment;
import dev.trident.social.model.MonthlyStats;
import dev.trident.social.model.Post;
import dev.trident.social.model.Profile;
import dev.trident.social.model.ProfileWithPosts;
import dev.trident.support.erasure.ErasureRecord;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Types that leave as the entity of a {@code Response}: the native build cannot see them in a
 * resource signature, so Jackson's access to them is registered here.
 */
@RegisterForReflection(targets = { Profile.class, ProfileWithPosts.class, Post.class, Comment.class, MonthlyStats.class,
        ErasureRecord.class, ErasureRecord.Part.class })
public final class NativeReflection {

    private NativeReflection() {
    }
}
