# Sourced by deploy/run.sh, deploy/token.sh and deploy/seed.sh. A data folder holds the development private key (jwt/dev-private.pem), the cursor secret
# and the local tables: never something git would pick up.

# refuse_tracked_data_dir ROOT DIR: exits with 2 when DIR lies inside the git checkout ROOT and git does not ignore
# it (./data is ignored; so is any folder named data, and any data* at the root). Outside a checkout, or without git, there is nothing to track.
refuse_tracked_data_dir() {
  local root=$1 dir=$2
  case "$dir/" in
    "$root"/*) ;;
    *) return 0 ;;
  esac
  command -v git > /dev/null 2>&1 || return 0
  git -C "$root" rev-parse --is-inside-work-tree > /dev/null 2>&1 || return 0
  if ! git -C "$root" check-ignore -q "$dir/"; then
    echo "refusing data folder $dir: it is inside the repository and git does not ignore it, and it would hold" \
         "the development private key and the cursor secret. Use a folder outside the checkout, or one git" \
         "ignores (the default $root/data, any folder named data, or a folder data* at the root)." >&2
    exit 2
  fi
}

# absolute_path PATH: PATH made absolute against the current folder (its folders need not exist yet).
absolute_path() {
  realpath -m -s -- "$1"
}

# The stack of this checkout that runs now: deploy/run.sh writes ROOT/.trident-stack (git ignores it) once it is up,
# with its data folder and the services' URLs, and removes it when it stops; deploy/token.sh and deploy/seed.sh read it.
# remember_stack ROOT DATA_DIR SOCIAL_URL ENROLLMENT_URL WORKSPACE_URL
remember_stack() {
  local file="$1/.trident-stack"
  printf 'data=%s\nsocial=%s\nenrollment=%s\nworkspace=%s\n' "$2" "$3" "$4" "$5" > "$file.$$"
  mv -f "$file.$$" "$file"
}

# forget_stack ROOT DATA_DIR: removes the record if it is still the one of DATA_DIR (a later run may have replaced it).
forget_stack() {
  local file="$1/.trident-stack"
  if [ "$(stack_value "$1" data)" = "$2" ]; then
    rm -f "$file"
  fi
}

# stack_value ROOT KEY: a value of the running stack's record (data, social, enrollment, workspace), or nothing.
stack_value() {
  local file="$1/.trident-stack"
  [ -f "$file" ] || return 0
  sed -n "s/^$2=//p" "$file" | head -n 1
}
