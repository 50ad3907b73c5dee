"""companion.dice"""
