from rulings_db.names import normalise


def test_normalise_folds_case_punctuation_and_diacritics():
    assert normalise("Fire // Ice") == "fire ice"
    assert normalise("Thalia, Guardian of Thraben") == "thalia guardian of thraben"
    assert normalise("Æther Vial") == "aether vial"
    assert normalise("Lim-Dûl's Vault") == "lim duls vault"


def test_normalise_drops_curly_and_straight_apostrophes_alike():
    assert normalise("Urza’s Saga") == normalise("Urza's Saga") == "urzas saga"
