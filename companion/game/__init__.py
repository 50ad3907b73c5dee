"""companion.game"""
