"""The knowledge layer: what one seat knows (views and their notation, revealed facts, one replay
of a hand, histories), the worlds that fit a view, legal actions from a view, and the hand
tracker."""
