package dev.trident.workspace.rest;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Types that leave as the entity of a {@code Response}: the native build cannot see them in a
 * resource signature, so Jackson's access to them is registered here.
 */
@RegisterForReflection(targets = { WorkspaceResponse.class, WorkspaceStackResponse.class, ProjectResponse.class,
        MemberResponse.class })
public final class NativeReflection {

    private NativeReflection() {
    }
}
