# Sourced by deploy/run.sh and deploy/token.sh. A data folder holds the development private key (jwt/dev-private.pem), the cursor secret
# and the local tables: never something git would pick up.

# refuse_tracked_data_dir ROOT DIR: exits with 2 when DIR lies inside the git checkout ROOT and git does not ignore
# it (./data is ignored; so is any folder named data). Outside a checkout, or without git, there is nothing to track.
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
         "ignores (the default $root/data, or any folder named data)." >&2
    exit 2
  fi
}
