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
