package org.paradjoint.fortran.print;

/**
 * The tape of generated Fortran adjoints: module {@code paradjoint_tape} with a derived type of
 * two typed stacks (real(8) and integer) that grow by doubling. The components are pointers, not
 * allocatables, so that a tape declared private to an OpenMP parallel loop iteration is safe:
 * every iteration calls {@code pa_tape_init} (which nullifies them) before using it.
 * {@code pa_pop_d}/{@code pa_pop_i} are functions; {@code pa_drop_i} pops and discards.
 * The names are those of the C runtime ({@code Runtime} in core), so that the IR needs no
 * translation.
 */
public final class FortranRuntime {

    public static final String MODULE_NAME = "paradjoint_tape";

    public static final String MODULE_SOURCE = """
            ! Paradjoint tape: typed stacks of the values the reverse sweep needs.
            module paradjoint_tape
              implicit none
              private
              public :: pa_tape, pa_tape_init, pa_tape_free, pa_push_d, pa_pop_d, pa_push_i, pa_pop_i, pa_drop_i

              type :: pa_tape
                real(8), pointer :: d(:) => null()
                integer, pointer :: i(:) => null()
                integer(8) :: nd = 0, ni = 0
              end type pa_tape

            contains

              subroutine pa_tape_init(t)
                type(pa_tape), intent(out) :: t
                t%d => null()
                t%i => null()
                t%nd = 0
                t%ni = 0
              end subroutine pa_tape_init

              subroutine pa_tape_free(t)
                type(pa_tape), intent(inout) :: t
                if (associated(t%d)) deallocate(t%d)
                if (associated(t%i)) deallocate(t%i)
                t%nd = 0
                t%ni = 0
              end subroutine pa_tape_free

            """ + stack("real(8)", "d") + stack("integer", "i") + """
              subroutine pa_drop_i(t)
                type(pa_tape), intent(inout) :: t
                t%ni = t%ni - 1
              end subroutine pa_drop_i
            end module paradjoint_tape
            """;

    /** The subroutine that pops an integer and discards it (the IR's statement {@code pa_pop_i(t);}). */
    public static final String DROP_I = "pa_drop_i";

    private FortranRuntime() {
    }

    /** The push subroutine and pop function of the stack of Fortran type {@code type} in component {@code field}. */
    private static String stack(String type, String field) {
        return """
                  subroutine pa_push_%2$s(t, v)
                    type(pa_tape), intent(inout) :: t
                    %1$s, intent(in) :: v
                    %1$s, pointer :: grown(:)
                    if (.not. associated(t%%%2$s)) then
                      allocate(t%%%2$s(64))
                    else if (t%%n%2$s == size(t%%%2$s, kind=8)) then
                      allocate(grown(2 * size(t%%%2$s, kind=8)))
                      grown(1:t%%n%2$s) = t%%%2$s(1:t%%n%2$s)
                      deallocate(t%%%2$s)
                      t%%%2$s => grown
                    end if
                    t%%n%2$s = t%%n%2$s + 1
                    t%%%2$s(t%%n%2$s) = v
                  end subroutine pa_push_%2$s

                  function pa_pop_%2$s(t) result(v)
                    type(pa_tape), intent(inout) :: t
                    %1$s :: v
                    v = t%%%2$s(t%%n%2$s)
                    t%%n%2$s = t%%n%2$s - 1
                  end function pa_pop_%2$s

                """.formatted(type, field);
    }
}
