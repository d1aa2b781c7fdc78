"""The creature types (205.3m) and the plural forms Oracle text uses for them ("Other Elves you
control", "All Slivers")."""

from __future__ import annotations

# 205.3m (CR effective 2026-01-16): every creature type; "Time Lord" is the one of two words
CREATURE_TYPES = frozenset(
    """
    Advisor Aetherborn Alien Ally Angel Antelope Ape Archer Archon Armadillo Army Artificer
    Assassin Assembly-Worker Astartes Atog Aurochs Avatar Azra Badger Balloon Barbarian Bard
    Basilisk Bat Bear Beast Beaver Beeble Beholder Berserker Bird Bison Blinkmoth Boar Bringer
    Brushwagg Camarid Camel Capybara Caribou Carrier Cat Centaur Child Chimera Citizen Cleric
    Clown Cockatrice Construct Coward Coyote Crab Crocodile C’tan Custodes Cyberman Cyclops
    Dalek Dauthi Demigod Demon Deserter Detective Devil Dinosaur Djinn Doctor Dog Dragon Drake
    Dreadnought Drix Drone Druid Dryad Dwarf Echidna Efreet Egg Elder Eldrazi Elemental Elephant
    Elf Elk Employee Eye Faerie Ferret Fish Flagbearer Fox Fractal Frog Fungus Gamer Gargoyle
    Germ Giant Gith Glimmer Gnoll Gnome Goat Goblin God Golem Gorgon Graveborn Gremlin Griffin
    Guest Hag Halfling Hamster Harpy Hedgehog Hellion Hero Hippo Hippogriff Homarid Homunculus
    Horror Horse Human Hydra Hyena Illusion Imp Incarnation Inkling Inquisitor Insect Jackal
    Jellyfish Juggernaut Kangaroo Kavu Kirin Kithkin Knight Kobold Kor Kraken Llama Lamia
    Lammasu Leech Lemur Leviathan Lhurgoyf Licid Lizard Lobster Manticore Masticore Mercenary
    Merfolk Metathran Minion Minotaur Mite Mole Monger Mongoose Monk Monkey Moogle Moonfolk
    Mount Mouse Mutant Myr Mystic Nautilus Necron Nephilim Nightmare Nightstalker Ninja Noble
    Noggle Nomad Nymph Octopus Ogre Ooze Orb Orc Orgg Otter Ouphe Ox Oyster Pangolin Peasant
    Pegasus Pentavite Performer Pest Phelddagrif Phoenix Phyrexian Pilot Pincher Pirate Plant
    Platypus Porcupine Possum Praetor Primarch Prism Processor Qu Rabbit Raccoon Ranger Rat
    Rebel Reflection Rhino Rigger Robot Rogue Sable Salamander Samurai Sand Saproling Satyr
    Scarecrow Scientist Scion Scorpion Scout Sculpture Seal Serf Serpent Servo Shade Shaman
    Shapeshifter Shark Sheep Siren Skeleton Skunk Slith Sliver Sloth Slug Snail Snake Soldier
    Soltari Sorcerer Spawn Specter Spellshaper Sphinx Spider Spike Spirit Splinter Sponge Squid
    Squirrel Starfish Surrakar Survivor Symbiote Synth Tentacle Tetravite Thalakos Thopter
    Thrull Tiefling Toy Treefolk Trilobite Triskelavite Troll Turtle Tyranid Unicorn Vampire
    Varmint Vedalken Villain Volver Wall Walrus Warlock Warrior Weasel Weird Werewolf Whale
    Wizard Wolf Wolverine Wombat Worm Wraith Wurm Yeti Zombie Zubera    """.split()
) | {"Time Lord"}

# plurals that aren't the type plus "s" or "es"
IRREGULAR_PLURALS = {
    "Elves": "Elf",
    "Dwarves": "Dwarf",
    "Wolves": "Wolf",
    "Werewolves": "Werewolf",
    "Fungi": "Fungus",
    "Mice": "Mouse",
    "Octopi": "Octopus",
}


def creature_type_of_plural(word: str) -> str | None:
    """ "Elves" -> "Elf", "Faeries" -> "Faerie", "Merfolk" -> "Merfolk", "Sphinxes" -> "Sphinx",
    "Vehicles" -> "Vehicle"; None when the word is no subtype's plural."""
    if word in IRREGULAR_PLURALS:
        return IRREGULAR_PLURALS[word]
    candidates = [word]  # Merfolk, Kithkin, Treefolk: the plural is the type
    if word.endswith("ies"):
        candidates.append(word[:-3] + "y")  # Allies, Harpies, Mercenaries
    if word.endswith("es"):
        candidates.append(word[:-2])  # Sphinxes, Foxes
    if word.endswith("s"):
        candidates.append(word[:-1])  # Slivers, Goblins, Faeries
    for c in candidates:
        if is_subtype(c) and (c != word or c in UNCHANGED_PLURALS):
            return c  # "Elves", and "Vehicles you control" (205.3g)
    return None


# creature types whose plural is the type itself ("Other Merfolk you control")
UNCHANGED_PLURALS = frozenset(
    {
        "Merfolk",
        "Kithkin",
        "Treefolk",
        "Sheep",
        "Moonfolk",
        "Fish",
        "Kor",
        "Samurai",
        "Ninja",
        "Aetherborn",
        "Equipment",
    }
)


# 205.3g-i: the artifact, enchantment and land types a group may name ("Gates you control")
OTHER_SUBTYPES = frozenset(
    """Attraction Blood Bobblehead Clue Contraption Equipment Food Fortification Gold Incubator
    Infinity Junk Lander Map Powerstone Spacecraft Stone Treasure Vehicle Aura Background
    Cartouche Case Class Curse Role Room Rune Saga Shard Shrine Plains Island Swamp Mountain
    Forest Cave Desert Gate Lair Locus Mine Planet Power-Plant Sphere Tower Town""".split()
)


def is_subtype(word: str) -> bool:
    """A creature, artifact, enchantment or land type — not "Attacking" or "Those"."""
    return word in CREATURE_TYPES or word in OTHER_SUBTYPES
