#!/bin/sh
# numpy's own xerbla_ (its lapack_lite module, loaded RTLD_LOCAL, turns an
# argument error into ValueError) still hears LAPACK's errors with libtwofold
# preloaded.  Skipped where numpy is missing or built without the override
# (wheels whose LAPACK reports through its own xerbla: nothing to tell).
. "$TF_SRCDIR/test/lib.sh"
[ -f "$TF_LIB" ] || fail "no library $TF_LIB"
python=
for candidate in ${PYTHON:-} python3 /usr/bin/python3; do
	if "$candidate" -c "import numpy.linalg.lapack_lite" 2> /dev/null; then
		python=$candidate
		break
	fi
done
[ -n "$python" ] || skip "no numpy for ${PYTHON:-python3} or /usr/bin/python3"
cat > "$work/dorgqr.py" <<'PY'
import numpy as np
from numpy.linalg import lapack_lite
a = np.zeros((1, 1))
try:
    lapack_lite.dorgqr(1, 1, 1, a, 0, a, a, 0, 0)
except ValueError as error:
    print("ValueError:", error)
else:
    print("no exception")
PY
without=$("$python" "$work/dorgqr.py" 2>&1)
echo "without libtwofold: $without"
case $without in ValueError*) ;; *) skip "this numpy does not raise ValueError for an illegal argument";; esac
with=$(LD_PRELOAD=$TF_LIB TWOFOLD_MODE=dd "$python" "$work/dorgqr.py" 2>&1)
echo "with libtwofold preloaded: $with"
[ "$with" = "$without" ] || fail "numpy's xerbla_ was passed over"
