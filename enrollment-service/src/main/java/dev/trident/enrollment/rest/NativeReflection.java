package dev.trident.enrollment.rest;

import dev.trident.enrollment.model.Course;
import dev.trident.enrollment.model.CourseWithStudents;
import dev.trident.enrollment.model.Enrollment;
import dev.trident.enrollment.model.Student;
import dev.trident.enrollment.model.StudentWithCourses;
import dev.trident.support.paging.Page;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Types that leave as the entity of a {@code Response}: the native build cannot see them in a
 * resource signature, so Jackson's access to them is registered here.
 */
@RegisterForReflection(targets = { Student.class, StudentWithCourses.class, Course.class, CourseWithStudents.class,
        Enrollment.class, Page.class })
public final class NativeReflection {

    private NativeReflection() {
    }
}
