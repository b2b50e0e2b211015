package org.paradjoint.fortran.tests;

/**
 * A generated Fortran file of a given number of lines for the parsing-speed measurement: many
 * subroutines with declarations, OpenMP loops with continued directives, nested loops,
 * if constructs, continued expressions, intrinsics and comments, as real kernels have them.
 */
final class LargeSource {

    private LargeSource() {
    }

    static String lines(int count) {
        StringBuilder sb = new StringBuilder();
        int k = 0;
        int lines = 0;
        while (lines < count - 40) {
            String unit = unit(k++);
            sb.append(unit);
            lines += unit.split("\n", -1).length - 1;
        }
        while (lines < count) {
            sb.append("! padding comment line ").append(lines).append('\n');
            lines++;
        }
        return sb.toString();
    }

    private static String unit(int k) {
        return """
                ! kernel %1$d: a stencil update with a branch and a reduction
                !$ad gradient(u : v)
                subroutine kernel%1$d(n, m, u, v, w, total)
                  implicit none
                  integer, intent(in) :: n, m
                  real(8), intent(inout) :: u(0:n + 1, m)
                  real(8), intent(in) :: v(0:n + 1, m), w(n)
                  real(8), intent(inout) :: total
                  integer :: i, j
                  real(8) :: t, s
                  total = 0.0d0
                  !$omp parallel do private(i, j, t, s) &
                  !$omp& shared(u, v, w) reduction(+:total)
                  do j = 1, m
                    do i = 1, n
                      t = 0.25d0 * (v(i - 1, j) + v(i + 1, j) &
                          + 2.0d0 * v(i, j)) - w(i) * sin(v(i, j))**2
                      if (t > 0.0d0 .and. i /= j) then
                        s = sqrt(t) + exp(-t) * max(v(i, j), 0.5d0)
                      else if (t < -1.0d0) then
                        s = -t / (1.0d0 + abs(v(i, j)))
                      else
                        s = t * t
                      end if
                      u(i, j) = u(i, j) + s   ! update
                      total = total + s * w(i)
                    end do
                  end do
                  !$omp end parallel do
                end subroutine kernel%1$d

                """.formatted(k);
    }
}
