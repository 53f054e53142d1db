/// The forms a changeset was created with; the other one is derived on first read, trusting the
/// given one (deriving from an invalid form traps). A consumer that must not trap on a bad
/// changeset (a binder) checks the given form before reading the derived one.
package enum ChangesetGivenForms: Sendable {
  /// Created from a diff: reading the patch derives it.
  case diff
  /// Created from a patch: reading the diff derives it.
  case patch
  /// Created from both (or a reload): nothing is derived.
  case both
}

/// A changeset that says which forms it was created with.
package protocol ChangesetGivenFormsReporting {
  /// The forms this changeset was created with.
  var givenForms: ChangesetGivenForms { get }
}

extension OrderedCollectionChangeset: ChangesetGivenFormsReporting {
  /// The forms this changeset was created with.
  package var givenForms: ChangesetGivenForms {
    switch forms {
    case .both: .both
    case .deriving(let cache): cache.givenForms
    }
  }
}

extension TreeChangeset: ChangesetGivenFormsReporting {
  /// The forms this changeset was created with.
  package var givenForms: ChangesetGivenForms { cache.givenForms }
}

/// The forms `changeset` was created with, when its type reports them.
///
/// Same answer as `(changeset as? any ChangesetGivenFormsReporting)?.givenForms`, without boxing
/// the changeset in an existential: a flat changeset is too big for an existential's inline
/// buffer, so that cast allocates, once per changeset a binder applies. Here only the type is
/// cast, and the value is read as its own type.
package func reportedGivenForms<Changeset>(of changeset: Changeset) -> ChangesetGivenForms? {
  guard let reporting = Changeset.self as? any ChangesetGivenFormsReporting.Type else { return nil }
  return reporting.givenForms(ofValue: changeset)
}

extension ChangesetGivenFormsReporting {
  /// The forms of `value`, which is of this type (`reportedGivenForms(of:)` opened it from the
  /// value's own type), so the cast copies it without boxing.
  fileprivate static func givenForms<Value>(ofValue value: Value) -> ChangesetGivenForms? {
    (value as? Self)?.givenForms
  }
}
