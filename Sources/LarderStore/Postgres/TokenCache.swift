/// The profiles that bearer tokens named, kept by one replica so that a request with a token
/// does not cost a PostgreSQL round trip before its own statement (``PostgresUserStore``).
///
/// Revocation stays prompt on every replica: PostgreSQL counts every change to `profiles` in
/// `profile_tokens_changed.epoch` (a trigger, so a revocation by another replica, by the CLI or
/// by hand in psql counts too), the store reads that count every
/// ``PostgresUserStore/checkInterval``, and an entry answers only while
/// - it was looked up under the count read last (a change since makes every older entry stale:
///   it may name a revoked token or an old token's profile), and
/// - that count was read (the read started) less than ``freshness`` ago; when reads stop
///   succeeding the cache answers nothing, so a revocation is never missed for longer than that.
/// A revoked or replaced token thus stops working on every replica within ``freshness`` of its
/// commit (usually within the read interval); the replica that made the change also forgets
/// its entries at once.
/// Unknown tokens are not kept: they are looked up every time.
///
/// - Complexity: lookups and inserts O(1); at most ``capacity`` entries (full: emptied).
struct TokenCache: Sendable {
  /// How long a read of the count vouches for the entries looked up under it.
  static let freshness: Duration = .seconds(1)
  /// The most entries kept (about 200 bytes each).
  static let capacity = 50_000

  private struct Entry: Sendable {
    var profile: UserStore.Profile
    var epoch: Int64
  }

  private var entries: [String: Entry] = [:]
  /// The count of changes to `profiles` read last, and when that read started.
  private var confirmed: (epoch: Int64, at: ContinuousClock.Instant)?
  /// When this replica last changed a profile itself: reads of the count that started before
  /// it vouch for nothing.
  private var forgottenAt: ContinuousClock.Instant?

  /// An empty cache; it answers nothing until a count has been read.
  init() {}

  /// The count entries are looked up under now (`nil` while no recent read vouches for one:
  /// lookups made then are not kept).
  func epoch(now: ContinuousClock.Instant) -> Int64? {
    guard let confirmed, now - confirmed.at < Self.freshness else { return nil }
    return confirmed.epoch
  }

  /// The profile of the token with SHA-256 `hash`, if an entry for it is still vouched for.
  func profile(forHash hash: String, now: ContinuousClock.Instant) -> UserStore.Profile? {
    guard let epoch = epoch(now: now), let entry = entries[hash], entry.epoch == epoch else {
      return nil
    }
    return entry.profile
  }

  /// Keeps `profile` for `hash`, looked up after the count `epoch` was read (see ``epoch(now:)``).
  mutating func insert(_ profile: UserStore.Profile, forHash hash: String, epoch: Int64) {
    if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
    entries[hash] = Entry(profile: profile, epoch: epoch)
  }

  /// Records a read of the count that started at `start`: a new count makes every entry stale.
  mutating func confirm(epoch: Int64, readStartedAt start: ContinuousClock.Instant) {
    if let forgottenAt, start < forgottenAt { return }
    if let confirmed, confirmed.epoch != epoch { entries.removeAll(keepingCapacity: true) }
    confirmed = (epoch, start)
  }

  /// Forgets every entry and the count read last (this replica changed a profile at `now`):
  /// a lookup running meanwhile cannot keep a profile from before the change, since nothing
  /// answers until a read of the count that starts after it, which the change has moved.
  mutating func removeAll(now: ContinuousClock.Instant) {
    entries.removeAll(keepingCapacity: true)
    confirmed = nil
    forgottenAt = now
  }
}
